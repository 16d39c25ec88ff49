import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  E_INVOICE_TURNOVER_THRESHOLD_PAISE,
  TaxSettingsInputSchema,
  eInvoicingApplies,
  formatRupees,
  rupeesToPaise,
  type TaxSettings,
} from '@bazaar/shared';
import { useState } from 'react';
import { useSaveTaxSettings, useTaxSettings } from '../../../api/tax-documents/tax-documents';
import { isApiError } from '../../../api/api-client';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';

interface TurnoverValues {
  /** Rupees as typed; '' while empty. */
  annualTurnoverRupees: number | string;
}

function TurnoverForm({ settings }: { settings: TaxSettings }) {
  const save = useSaveTaxSettings();
  const [saved, setSaved] = useState<TaxSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useForm<TurnoverValues>({
    mode: 'controlled',
    initialValues: { annualTurnoverRupees: settings.annualTurnoverPaise / 100 },
    validate: {
      annualTurnoverRupees: (value) => {
        if (value === '' || value === null) return 'Enter the turnover in rupees (0 if none)';
        const parsed = TaxSettingsInputSchema.safeParse({
          annualTurnoverPaise: rupeesToPaise(Number(value)),
        });
        return parsed.success ? null : parsed.error.issues[0]?.message;
      },
    },
  });
  const typed = form.getValues().annualTurnoverRupees;
  const typedPaise = typed === '' ? null : rupeesToPaise(Number(typed));

  const handleSubmit = form.onSubmit((values) => {
    setSaved(null);
    setFailed(false);
    save.mutate(
      { annualTurnoverPaise: rupeesToPaise(Number(values.annualTurnoverRupees)) },
      {
        onSuccess: (result) => setSaved(result),
        onError: (error) => {
          // A field refusal lands on the turnover field; anything else is shown above the form.
          const message = isApiError(error) ? error.fields?.annualTurnoverPaise : undefined;
          if (message) form.setFieldError('annualTurnoverRupees', message);
          else setFailed(true);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Tax settings">
      <Stack gap="md">
        {saved && (
          <Alert color="green" variant="light" role="status" title="Saved">
            Turnover saved as {formatRupees(saved.annualTurnoverPaise)}. Invoices issued from now on{' '}
            {saved.eInvoiceRequired
              ? 'need an IRN (B2B) and print 6-digit HSN'
              : 'print 4-digit HSN and need no IRN'}
            .
          </Alert>
        )}
        {failed && <TechnicalErrorAlert />}
        <NumberInput
          label="Aggregate annual turnover (₹)"
          description="Of the previous financial year, all GSTINs on this PAN together"
          withAsterisk
          min={0}
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative={false}
          {...form.getInputProps('annualTurnoverRupees')}
        />
        {typedPaise !== null && Number.isFinite(typedPaise) && (
          <Group gap="xs">
            <Text fz="sm">With this turnover:</Text>
            {eInvoicingApplies(typedPaise) ? (
              <Badge color="orange">E-invoice (IRN) and 6-digit HSN</Badge>
            ) : (
              <Badge color="gray">No e-invoice, 4-digit HSN</Badge>
            )}
          </Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Tax settings (admin; docs/gst.md "Settings"): the business's aggregate annual turnover in
 * rupees. Above ₹5 crore, B2B tax invoices and credit notes issued from then on must be
 * e-invoiced (an IRN from the IRP, Notification 10/2023-Central Tax) and print 6-digit HSN
 * (Notification 78/2020-Central Tax); documents already issued keep what they say.
 */
export function TaxSettingsPage() {
  usePageTitle('Tax settings');
  const settings = useTaxSettings();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} fz="h2">
        Tax settings
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Text>
            Enter the business&apos;s aggregate annual turnover. Above{' '}
            {formatRupees(E_INVOICE_TURNOVER_THRESHOLD_PAISE)} (₹5 crore) every B2B tax invoice and
            credit note needs an e-invoice: download its JSON from the bill, upload it to the
            Invoice Registration Portal and enter the IRN it answers; invoices then print 6-digit
            HSN codes. Below it, invoices print 4-digit HSN and need no IRN.
          </Text>
          <Text fz="sm" c="dimmed">
            The change applies to documents issued after saving; issued ones never change.
          </Text>
          {settings.isPending && <Skeleton h={120} />}
          {settings.isError && <TechnicalErrorAlert onRetry={() => void settings.refetch()} />}
          {settings.data && <TurnoverForm settings={settings.data} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
