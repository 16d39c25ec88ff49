import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  TRANSACTION_INTERVALS,
  TransactionsQuerySchema,
  type TransactionInterval,
} from '@bazaar/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';

/** The dates part of the report's filter: an interval, or a custom start and end day. */
export type DatesFilter = { interval: TransactionInterval } | { from: string; to: string };

interface DateRangeValues {
  from: string;
  to: string;
}

const rangeErrors = schemaResolver(TransactionsQuerySchema, { sync: true });

/**
 * The custom range checked with the server's own schema (from <= to, at most three years), so the
 * messages are the same; the schema allows no dates at all (the interval then applies), which
 * Apply does not.
 */
function validateRange({ from, to }: DateRangeValues) {
  if (!from && !to) return { from: 'Enter the start date', to: 'Enter the end date' };
  const { from: fromError, to: toError } = rangeErrors({
    from: from || undefined,
    to: to || undefined,
  });
  return { ...(fromError ? { from: fromError } : {}), ...(toError ? { to: toError } : {}) };
}

/**
 * The filter row of Total transaction (docs/back-office-reports.md): 'Search shop name', the
 * 'Select dates' dropdown with every report interval, and start / end date inputs with
 * Apply and Reset. The custom range is checked with the server's own schema (from <= to, at most
 * three years) before it is applied, so the messages are the same.
 */
export function TransactionFilters({
  search,
  onSearchChange,
  dates,
  onDatesChange,
  onReset,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  dates: DatesFilter;
  onDatesChange: (dates: DatesFilter) => void;
  onReset: () => void;
}) {
  const form = useForm<DateRangeValues>({
    initialValues: {
      from: 'from' in dates ? dates.from : '',
      to: 'to' in dates ? dates.to : '',
    },
    validate: validateRange,
  });

  const apply = form.onSubmit(({ from, to }) => onDatesChange({ from, to }));

  const clearRange = () => {
    form.setValues({ from: '', to: '' });
    form.clearErrors();
  };

  const reset = () => {
    clearRange();
    onReset();
  };

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label="Search shop name"
        placeholder="Search shop name"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        w={{ base: '100%', sm: 220 }}
        maxLength={120}
      />
      <Select
        label="Select dates"
        placeholder="Custom dates"
        data={TRANSACTION_INTERVALS.map((option) => ({ value: option.value, label: option.label }))}
        value={'interval' in dates ? dates.interval : null}
        onChange={(value) => {
          if (!value) return;
          clearRange();
          onDatesChange({ interval: value as TransactionInterval });
        }}
        allowDeselect={false}
        w={{ base: '100%', sm: 190 }}
      />
      <TextInput
        type="date"
        label="Start date"
        {...form.getInputProps('from')}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
      />
      <TextInput
        type="date"
        label="End date"
        {...form.getInputProps('to')}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
      />
      <Group gap="xs" mt={{ base: 0, sm: 25 }}>
        <Button color="grape" onClick={() => apply()}>
          Apply
        </Button>
        <Button variant="default" onClick={reset}>
          Reset
        </Button>
      </Group>
    </Group>
  );
}
