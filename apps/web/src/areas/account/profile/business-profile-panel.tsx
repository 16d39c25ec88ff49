import { Alert, Button, Group, NativeSelect, Text, TextInput, Textarea } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  BusinessProfileUpdateSchema,
  INDIAN_STATES,
  SHOP_CATEGORIES,
  type BusinessProfile,
  type BusinessProfileField,
  type BusinessProfileUpdate,
} from '@bazaar/shared';
import { IconCheck, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useBusinessProfile, useUpdateBusinessProfile } from '../../../api/business/business';
import { notify } from '../../../components/notify';
import { PageLoader } from '../../../components/page-loader';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { ProfileFieldList } from './profile-field-row';
import classes from './profile-rows.module.css';

interface BusinessRow {
  field: BusinessProfileField;
  label: string;
  /** The invoice seller's value of the same thing, when invoices print one. */
  invoice?: (profile: BusinessProfile) => string;
}

/** The spec's shop fields of the admin profile, in its order. */
const ROWS: BusinessRow[] = [
  { field: 'shopName', label: 'Shop name', invoice: (p) => p.invoiceSeller.name },
  { field: 'shopCategory', label: 'Shop category' },
  { field: 'gstin', label: 'GST No', invoice: (p) => p.invoiceSeller.gstin },
  { field: 'address', label: 'Address', invoice: (p) => p.invoiceSeller.address },
  { field: 'city', label: 'City', invoice: (p) => p.invoiceSeller.city },
  { field: 'state', label: 'State', invoice: (p) => p.invoiceSeller.state },
  { field: 'country', label: 'Country' },
  { field: 'pincode', label: 'Pincode', invoice: (p) => p.invoiceSeller.pincode },
  { field: 'description', label: 'Description' },
];

const MAX_LENGTH: Partial<Record<BusinessProfileField, number>> = {
  shopName: 120,
  gstin: 15,
  address: 200,
  city: 80,
  country: 40,
  pincode: 6,
};

/** The first message the shared schema gives for one field's value, or null. */
function problemOf(field: BusinessProfileField, value: string): string | null {
  const result = BusinessProfileUpdateSchema.safeParse({ [field]: value });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

function BusinessFieldInput({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: BusinessProfileField;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const common = { 'aria-label': label, error, size: 'sm' as const, autoFocus: true };
  if (field === 'shopCategory' || field === 'state') {
    const options = field === 'state' ? INDIAN_STATES : SHOP_CATEGORIES;
    return (
      <NativeSelect
        {...common}
        data={[...options]}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  if (field === 'description') {
    return (
      <Textarea
        {...common}
        autosize
        minRows={2}
        maxLength={500}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      inputMode={field === 'pincode' ? 'numeric' : undefined}
      maxLength={MAX_LENGTH[field]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * One business field: label, value, its own Edit and Save (like the profile's rows). Save checks
 * the value with BusinessProfileUpdateSchema and sends only this field; a field that differs
 * from what invoices print says so under the value.
 */
function BusinessFieldRow({ row, profile }: { row: BusinessRow; profile: BusinessProfile }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBusinessProfile();
  const value = profile[row.field];
  const invoiceValue = row.invoice?.(profile);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  const save = () => {
    if (draft === null) return;
    const problem = problemOf(row.field, draft);
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate({ [row.field]: draft } as BusinessProfileUpdate, {
      onSuccess: () => {
        cancel();
        void notify({
          color: 'green',
          message: ACCOUNT_MESSAGES.profileUpdated,
          autoClose: 3000,
          icon: <IconCheck size={18} />,
        });
      },
      onError: (failure) => {
        const fieldMessage = isApiError(failure) ? failure.fields?.[row.field] : undefined;
        setError(fieldMessage ?? failure.message);
      },
    });
  };

  return (
    <div className={classes.row}>
      <dt className={classes.label}>{row.label}</dt>
      <dd className={classes.value}>
        {draft !== null ? (
          <form
            className={classes.editor}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <div style={{ flex: '1 1 200px', minWidth: 0 }}>
              <BusinessFieldInput
                field={row.field}
                label={row.label}
                value={draft}
                error={error}
                onChange={(next) => {
                  setDraft(next);
                  setError(null);
                }}
              />
            </div>
            <Group gap={6} wrap="nowrap">
              <Button
                size="xs"
                type="submit"
                loading={update.isPending}
                aria-label={`Save ${row.label}`}
              >
                Save
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={cancel}
                disabled={update.isPending}
                aria-label={`Cancel editing ${row.label}`}
              >
                Cancel
              </Button>
            </Group>
          </form>
        ) : (
          <>
            <div style={{ minWidth: 0, flex: '1 1 auto' }}>
              {value ? (
                <Text fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {value}
                </Text>
              ) : (
                <Text fz="sm" c="dimmed">
                  Not given
                </Text>
              )}
              {invoiceValue !== undefined && invoiceValue !== value && (
                <Text fz="xs" c="orange.8">
                  Invoices print: {invoiceValue}
                </Text>
              )}
            </div>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setDraft(value)}
              aria-label={`Edit ${row.label}`}
              // A long address must not squeeze the button past the card's edge at 390 px.
              style={{ flexShrink: 0 }}
            >
              Edit
            </Button>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * The admin profile's shop fields (docs/back-office-people.md "Business profile"): shop name,
 * category, GST No, address, city, state, country, pincode, description, each edited alone.
 * Invoices print the seller set in the server's configuration; a field that differs is marked.
 */
export function BusinessProfilePanel() {
  const profile = useBusinessProfile();
  if (profile.isPending) return <PageLoader label="Loading the shop details" />;
  if (profile.isError) return <TechnicalErrorAlert onRetry={() => void profile.refetch()} />;
  return (
    <>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="sm" p="xs">
        <Text fz="sm">
          Tax invoices print the seller set in the server&apos;s configuration (BUSINESS_*). A field
          saved here that differs is marked; ask whoever runs the server to change the invoices too.
        </Text>
      </Alert>
      <ProfileFieldList>
        {ROWS.map((row) => (
          <BusinessFieldRow key={row.field} row={row} profile={profile.data} />
        ))}
      </ProfileFieldList>
    </>
  );
}
