import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AGEING_BUCKETS,
  LEDGER_KIND_LABELS,
  formatDisplayDate,
  formatRupees,
  ledgerRowDetails,
  type Ageing,
  type LedgerRow,
} from '@bazaar/shared';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/**
 * The customer ledger's rows and statement downloads (docs/back-office-ledger.md), shared by the
 * back office's transaction screen and the customer's own My bills page, so both show one
 * ledger the same way.
 */

/** The first day of the Indian financial year (1 April) that holds `day`. */
export function financialYearStartOf(day: string): string {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '04-01' ? `${year}-04-01` : `${year - 1}-04-01`;
}

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026'. */
function dayText(day: string): string {
  return formatDisplayDate(`${day}T12:00:00+05:30`);
}

/** The ledger rows newest first with debit, credit and the balance after each. */
export function LedgerTable({
  rows,
  label = 'Customer ledger',
}: {
  rows: LedgerRow[];
  label?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th ta="right">Debit</Table.Th>
            <Table.Th ta="right">Credit</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(row.date)}</Table.Td>
              <Table.Td>
                {row.kind === 'bounce' ? (
                  <Badge color="red" variant="light">
                    {LEDGER_KIND_LABELS[row.kind]}
                  </Badge>
                ) : (
                  LEDGER_KIND_LABELS[row.kind]
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.reference}</Table.Td>
              <Table.Td>{ledgerRowDetails(row)}</Table.Td>
              <Table.Td ta="right">{row.debitPaise ? formatRupees(row.debitPaise) : ''}</Table.Td>
              <Table.Td ta="right">{row.creditPaise ? formatRupees(row.creditPaise) : ''}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatRupees(row.balancePaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The statement of a date range (the current financial year to today by default) as PDF
 * (`pdfUrl`, drawn on the server: a busy year is thousands of rows) or CSV (`csvUrl`), both
 * downloaded by the browser.
 * `extraActions` adds buttons that need the chosen range (the back office's Share buttons).
 */
export function StatementDownloads({
  today,
  pdfUrl,
  csvUrl,
  extraActions,
}: {
  today: string;
  pdfUrl: (range: { from: string; to: string }) => string;
  csvUrl: (range: { from: string; to: string }) => string;
  extraActions?: (range: { from: string; to: string }, rangeValid: boolean) => ReactNode;
}) {
  const [from, setFrom] = useState(financialYearStartOf(today));
  const [to, setTo] = useState(today);
  const rangeValid =
    /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label="Statement from"
        value={from}
        max={to}
        onChange={(event) => setFrom(event.currentTarget.value)}
        w={{ base: '47%', xs: 160 }}
      />
      <TextInput
        type="date"
        label="to"
        value={to}
        min={from}
        onChange={(event) => setTo(event.currentTarget.value)}
        w={{ base: '47%', xs: 160 }}
      />
      <Button
        component="a"
        href={rangeValid ? pdfUrl({ from, to }) : undefined}
        download
        variant="light"
        disabled={!rangeValid}
        leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
      >
        Statement PDF
      </Button>
      <Button
        component="a"
        href={rangeValid ? csvUrl({ from, to }) : undefined}
        download
        variant="light"
        disabled={!rangeValid}
        leftSection={<IconDownload size={16} aria-hidden="true" />}
      >
        CSV
      </Button>
      {extraActions?.({ from, to }, rangeValid)}
    </Group>
  );
}

/** What an empty ledger says. */
export function EmptyLedger() {
  return (
    <Alert color="gray" variant="light">
      No entries yet: bills, payments and credit notes appear here.
    </Alert>
  );
}

/** The customer's dues by age (0-30, 31-60, 61-90, over 90 days), as four small tiles. */
export function AgeingTiles({ ageing, label }: { ageing: Ageing; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label={label}>
      {AGEING_BUCKETS.map((bucket) => (
        <Paper key={bucket.key} withBorder radius="sm" p="xs">
          <Text size="xs" c="dimmed">
            {bucket.label}
          </Text>
          <Text
            fw={600}
            fz={{ base: 'sm', xs: 'md' }}
            c={bucket.key === 'over90Paise' && ageing[bucket.key] > 0 ? 'red' : undefined}
          >
            {formatRupees(ageing[bucket.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
