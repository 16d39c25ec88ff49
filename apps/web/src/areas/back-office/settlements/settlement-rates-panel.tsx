import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SETTLEMENT_RATE_FIELDS,
  bpToPercentText,
  formatBasisPoints,
  formatDisplayDate,
  indianDateOf,
  settlementRatesFormSchema,
  settlementRatesInputOf,
  type SettlementRatesForm,
  type SettlementRatesList,
} from '@bazaar/shared';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useAddSettlementRates, useSettlementRates } from '../../../api/settlements/settlements';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';

type Row = SettlementRatesList['items'][number];

/** The day after `day` (`YYYY-MM-DD`), for the earliest a new row may start. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function dayLabel(day: string): string {
  return formatDisplayDate(`${day}T12:00:00+05:30`);
}

/** The earliest day a new row may start: today, and after the latest row's day. */
function earliestDay(rows: readonly Row[], today: string): string {
  const latest = rows[0]?.effectiveFrom;
  if (!latest || latest < today) return today;
  return dayAfter(latest);
}

/** Which server field name (basis points) belongs to which form field (percent). */
const FORM_FIELD_OF: Record<string, string> = Object.fromEntries(
  SETTLEMENT_RATE_FIELDS.map((field) => [field.bp, field.percent]),
);

/**
 * The form of a new rate row: each rate in percent (at most 2 decimals), the first day it applies.
 * Checked with the shared schema against today and the latest row; sent after a confirmation,
 * since a row is never edited or deleted once added.
 */
function AddRatesForm({ rows }: { rows: readonly Row[] }) {
  const add = useAddSettlementRates();
  const today = indianDateOf(new Date());
  const latestFrom = rows[0]?.effectiveFrom ?? null;
  const base = rows[0];
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SettlementRatesForm | null>(null);
  const form = useForm<SettlementRatesForm>({
    mode: 'controlled',
    initialValues: {
      effectiveFrom: earliestDay(rows, today),
      commissionPercent: bpToPercentText(base?.commissionBp ?? 0),
      commissionGstPercent: bpToPercentText(base?.commissionGstBp ?? 1800),
      tcsPercent: bpToPercentText(base?.tcsBp ?? 50),
      tdsPercent: bpToPercentText(base?.tdsBp ?? 10),
      tdsNoPanPercent: bpToPercentText(base?.tdsNoPanBp ?? 500),
    },
    validate: (values) => {
      const result = settlementRatesFormSchema({ today, latestFrom }).safeParse(values);
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });

  const submit = (values: SettlementRatesForm) => {
    setFailure(null);
    add.mutate(settlementRatesInputOf(values), {
      onSuccess: (row) => {
        setConfirming(null);
        void notify({
          color: 'green',
          message: `Rates from ${dayLabel(row.effectiveFrom)} added`,
        });
      },
      onError: (error) => {
        setConfirming(null);
        if (isApiError(error) && error.fields) {
          const errors: Record<string, string> = {};
          for (const [field, message] of Object.entries(error.fields)) {
            errors[FORM_FIELD_OF[field] ?? field] = message;
          }
          form.setErrors(errors);
          return;
        }
        setFailure(isApiError(error) ? error.message : 'The rates could not be saved');
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        aria-label="Add rates"
        onSubmit={form.onSubmit((values) => setConfirming(values))}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Add rates
          </Title>
          <Text size="sm" c="dimmed">
            A new row applies to deliveries from its first day on. Entries already written keep the
            rates they used, so a row starts today or later, after the latest row.
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Applies from"
            type="date"
            withAsterisk
            min={earliestDay(rows, today)}
            maw={220}
            {...form.getInputProps('effectiveFrom')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            {SETTLEMENT_RATE_FIELDS.map((field) => (
              <TextInput
                key={field.percent}
                label={`${field.label} (%)`}
                withAsterisk
                inputMode="decimal"
                rightSection={<Text size="sm">%</Text>}
                {...form.getInputProps(field.percent)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add rates
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming !== null}
        title="Add these rates?"
        confirmLabel="Yes, add them"
        color="blue"
        loading={add.isPending}
        onConfirm={() => confirming && submit(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          `From ${dayLabel(confirming.effectiveFrom)}: commission ${confirming.commissionPercent} %, GST on commission ${confirming.commissionGstPercent} %, TCS ${confirming.tcsPercent} %, TDS ${confirming.tdsPercent} % with PAN and ${confirming.tdsNoPanPercent} % without. A row cannot be changed once added.`}
      </ConfirmModal>
    </Paper>
  );
}

/** The status badges keep their whole word: a narrow column must not cut 'Scheduled'. */
const WHOLE_BADGE = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

function RowStatus({
  row,
  currentId,
  today,
}: {
  row: Row;
  currentId: number | null;
  today: string;
}) {
  if (row.id === currentId) {
    return (
      <Badge color="green" variant="light" radius="sm" styles={WHOLE_BADGE}>
        In force
      </Badge>
    );
  }
  return row.effectiveFrom > today ? (
    <Badge color="blue" variant="light" radius="sm" styles={WHOLE_BADGE}>
      Scheduled
    </Badge>
  ) : (
    <Badge color="gray" variant="light" radius="sm" styles={WHOLE_BADGE}>
      Past
    </Badge>
  );
}

/** The rate rows, newest first: a table from 768 px, cards below. */
function RatesList({ list }: { list: SettlementRatesList }) {
  const today = indianDateOf(new Date());
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped verticalSpacing="xs" aria-label="Rate rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Applies from</Table.Th>
              {SETTLEMENT_RATE_FIELDS.map((field) => (
                <Table.Th key={field.bp} ta="right">
                  {field.label}
                </Table.Th>
              ))}
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayLabel(row.effectiveFrom)}</Table.Td>
                {SETTLEMENT_RATE_FIELDS.map((field) => (
                  <Table.Td key={field.bp} ta="right">
                    {formatBasisPoints(row[field.bp])}
                  </Table.Td>
                ))}
                <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 130 }}>
                  <RowStatus row={row} currentId={list.currentId} today={today} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" aria-label="Rate rows">
        {list.items.map((row) => (
          <Paper key={row.id} withBorder radius="md" p="sm">
            <Group justify="space-between">
              <Text fw={600}>From {dayLabel(row.effectiveFrom)}</Text>
              <RowStatus row={row} currentId={list.currentId} today={today} />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {SETTLEMENT_RATE_FIELDS.map(
                (field) => `${field.label} ${formatBasisPoints(row[field.bp])}`,
              ).join(' · ')}
            </Text>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/**
 * Settlement rates (admin; docs/settlements.md "Rates and their settings"): the rows by effective
 * date with the one in force, and the form of a new row.
 */
export function SettlementRatesPanel() {
  const rates = useSettlementRates();
  if (rates.isError) return <TechnicalErrorAlert onRetry={() => void rates.refetch()} />;
  if (!rates.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="md">
      {/* Keyed by the latest row, so the form starts from it again after an addition. */}
      <AddRatesForm key={rates.data.items[0]?.id ?? 0} rows={rates.data.items} />
      <Title order={2} fz="h4">
        Rate rows
      </Title>
      {rates.data.items.length === 0 ? (
        <Text c="dimmed">No rates yet.</Text>
      ) : (
        <RatesList list={rates.data} />
      )}
    </Stack>
  );
}
