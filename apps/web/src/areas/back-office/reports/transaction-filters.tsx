import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  TRANSACTION_INTERVALS,
  TransactionsQuerySchema,
  type TransactionInterval,
} from '@bazaar/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** The dates part of the report's filter: an interval, or a custom start and end day. */
export type DatesFilter = { interval: TransactionInterval } | { from: string; to: string };

/**
 * The filter row of Total transaction (back-office.md section 2): 'Search shop name', the
 * 'Select dates' dropdown with every interval of section 9, and start / end date inputs with
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
  const [from, setFrom] = useState('from' in dates ? dates.from : '');
  const [to, setTo] = useState('to' in dates ? dates.to : '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const apply = () => {
    const parsed = TransactionsQuerySchema.safeParse({
      from: from || undefined,
      to: to || undefined,
    });
    if (!from && !to) {
      setErrors({ from: 'Enter the start date', to: 'Enter the end date' });
      return;
    }
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'from' || field === 'to') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onDatesChange({ from, to });
  };

  const reset = () => {
    setFrom('');
    setTo('');
    setErrors({});
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
          setFrom('');
          setTo('');
          setErrors({});
          onDatesChange({ interval: value as TransactionInterval });
        }}
        allowDeselect={false}
        w={{ base: '100%', sm: 190 }}
      />
      <TextInput
        type="date"
        label="Start date"
        value={from}
        onChange={(event) => setFrom(event.currentTarget.value)}
        error={errors.from}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
      />
      <TextInput
        type="date"
        label="End date"
        value={to}
        onChange={(event) => setTo(event.currentTarget.value)}
        error={errors.to}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
      />
      <Group gap="xs" mt={{ base: 0, sm: 25 }}>
        <Button color="grape" onClick={apply}>
          Apply
        </Button>
        <Button variant="default" onClick={reset}>
          Reset
        </Button>
      </Group>
    </Group>
  );
}
