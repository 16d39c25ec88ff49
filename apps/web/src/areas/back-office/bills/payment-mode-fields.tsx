import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  paymentMethodProblems,
  type PaymentMethodInput,
  type PaymentMode,
} from '@bazaar/shared';

/** What the mode fields hold while typed (empty strings for untouched details). */
export interface PaymentModeDraft {
  mode: PaymentMode;
  reference: string;
  chequeNumber: string;
  chequeBank: string;
  chequeDate: string;
}

/** A fresh draft: cash, no details. */
export function emptyModeDraft(): PaymentModeDraft {
  return { mode: 'cash', reference: '', chequeNumber: '', chequeBank: '', chequeDate: '' };
}

/**
 * The body fields of a draft: the mode and only the details it takes (a UTR for UPI and bank
 * transfer, number, bank and date for a cheque), trimmed and the UTR upper-cased.
 */
export function modeDraftBody(draft: PaymentModeDraft): PaymentMethodInput {
  if (draft.mode === 'upi' || draft.mode === 'bank_transfer') {
    return { mode: draft.mode, reference: draft.reference.trim().toUpperCase() };
  }
  if (draft.mode === 'cheque') {
    return {
      mode: 'cheque',
      chequeNumber: draft.chequeNumber.trim(),
      chequeBank: draft.chequeBank.trim(),
      chequeDate: draft.chequeDate,
    };
  }
  return { mode: 'cash' };
}

/** The problems of a draft by field, as the server would answer them (shared rules). */
export function modeDraftProblems(draft: PaymentModeDraft): Record<string, string> {
  return paymentMethodProblems(modeDraftBody(draft));
}

const MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({
  value: mode,
  label: PAYMENT_MODE_LABELS[mode],
}));

/**
 * How a payment was made (docs/back-office-bills.md "Payments"): Mode (Cash, UPI, Bank transfer,
 * Cheque), then the details that mode takes: UTR / reference for UPI and bank transfer; cheque
 * number, bank and cheque date for a cheque. Errors come from the shared rules
 * (`paymentMethodProblems`) once `showErrors` (after a first Save, or as soon as a detail is
 * typed), and from the server (`serverErrors`, by field). `labelSuffix` names the fields for a
 * screen reader when several forms share a page ('of bill 0042').
 */
export function PaymentModeFields({
  value,
  onChange,
  showErrors,
  serverErrors,
  size = 'sm',
  compact = false,
  labelSuffix = '',
}: {
  value: PaymentModeDraft;
  onChange: (draft: PaymentModeDraft) => void;
  showErrors: boolean;
  serverErrors?: Record<string, string> | undefined;
  size?: 'xs' | 'sm';
  /** One column (a table cell) instead of two. */
  compact?: boolean;
  labelSuffix?: string;
}) {
  const problems = modeDraftProblems(value);
  const errorOf = (field: keyof PaymentModeDraft, touched: boolean) =>
    (showErrors || touched ? problems[field] : undefined) ?? serverErrors?.[field];
  const set = (patch: Partial<PaymentModeDraft>) => onChange({ ...value, ...patch });
  const named = (label: string) => (labelSuffix ? `${label} ${labelSuffix}` : label);
  const details =
    value.mode === 'upi' || value.mode === 'bank_transfer' ? (
      <TextInput
        size={size}
        label="UTR / reference"
        aria-label={named('UTR / reference')}
        placeholder={value.mode === 'upi' ? '412345678901' : 'SBIN0000123456789'}
        description={compact ? undefined : '12 to 22 letters or digits'}
        value={value.reference}
        maxLength={22}
        onChange={(event) => set({ reference: event.currentTarget.value.toUpperCase() })}
        error={errorOf('reference', value.reference.length >= 12)}
        autoComplete="off"
      />
    ) : value.mode === 'cheque' ? (
      <>
        <TextInput
          size={size}
          label="Cheque number"
          aria-label={named('Cheque number')}
          placeholder="6 digits"
          inputMode="numeric"
          maxLength={6}
          value={value.chequeNumber}
          onChange={(event) =>
            set({ chequeNumber: event.currentTarget.value.replace(/\D/g, '').slice(0, 6) })
          }
          error={errorOf('chequeNumber', value.chequeNumber.length === 6)}
          autoComplete="off"
        />
        <TextInput
          size={size}
          label="Bank"
          aria-label={named('Bank')}
          placeholder="State Bank of India"
          maxLength={80}
          value={value.chequeBank}
          onChange={(event) => set({ chequeBank: event.currentTarget.value })}
          error={errorOf('chequeBank', false)}
        />
        <TextInput
          size={size}
          type="date"
          label="Cheque date"
          aria-label={named('Cheque date')}
          value={value.chequeDate}
          onChange={(event) => set({ chequeDate: event.currentTarget.value })}
          error={errorOf('chequeDate', value.chequeDate !== '')}
        />
      </>
    ) : null;
  const mode = (
    <Select
      size={size}
      label="Mode"
      aria-label={named('Mode')}
      data={MODE_OPTIONS}
      value={value.mode}
      allowDeselect={false}
      onChange={(mode) => mode && set({ mode: mode as PaymentMode })}
      error={serverErrors?.mode}
      comboboxProps={{ withinPortal: true }}
    />
  );
  if (compact) {
    return (
      <Stack gap={4}>
        {mode}
        {details}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
      {mode}
      {details}
    </SimpleGrid>
  );
}
