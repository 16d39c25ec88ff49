import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AGEING_BUCKETS,
  LEDGER_KIND_LABELS,
  formatDisplayDate,
  formatRupees,
  indianDateOf,
  ledgerRowDetails,
  type Ageing,
  type LedgerRow,
} from '@bazaar/shared';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { getStatement, statementCsvUrl, useCustomerLedger } from '../../../api/ledger/ledger';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadCustomerStatement } from '../../../components/documents/download';
import { ShareButtons } from '../../../components/documents/share-buttons';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { RowsSkeleton } from './rows-skeleton';

/** The first day of the Indian financial year (1 April) that holds `day`. */
function financialYearStartOf(day: string): string {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '04-01' ? `${year}-04-01` : `${year - 1}-04-01`;
}

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026'. */
function dayText(day: string): string {
  return formatDisplayDate(`${day}T12:00:00+05:30`);
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

function LedgerTable({ rows }: { rows: LedgerRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Customer ledger">
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
 * The customer ledger (khata) on the transaction screen (docs/back-office-ledger.md): the balance
 * now, opening balance and credit limit, the ageing of the dues, the rows newest first with the
 * running balance (20 at a time, "Show older entries" for the next page), and the statement
 * for a date range as PDF or CSV (the current financial year to today by default).
 */
export function LedgerPanel({ customerId }: { customerId: number }) {
  const ledger = useCustomerLedger(customerId);
  const today = indianDateOf(new Date());
  const [from, setFrom] = useState(financialYearStartOf(today));
  const [to, setTo] = useState(today);
  const first = ledger.data?.pages[0];
  const rows = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const rangeValid =
    /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Customer ledger">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz={{ base: 18, sm: 20 }}>
            Ledger (khata)
          </Title>
          {first && (
            <Group gap="md" wrap="wrap">
              <Text size="sm">
                Balance <b>{formatRupees(first.balancePaise)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                Opening {formatRupees(first.openingBalancePaise)}
              </Text>
              <Text size="sm" c="dimmed">
                Credit limit{' '}
                {first.creditLimitPaise === null ? 'none' : formatRupees(first.creditLimitPaise)}
              </Text>
            </Group>
          )}
        </Group>
        {first && <AgeingTiles ageing={first.ageing} label="Ageing of this customer's dues" />}
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
          <DocumentButton
            variant="light"
            leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
            disabled={!rangeValid}
            download={async () =>
              downloadCustomerStatement(await getStatement(customerId, { from, to }))
            }
          >
            Statement PDF
          </DocumentButton>
          <Button
            component="a"
            href={rangeValid ? statementCsvUrl(customerId, { from, to }) : undefined}
            download
            variant="light"
            disabled={!rangeValid}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            CSV
          </Button>
          <ShareButtons
            whatsappLabel="Share statement on WhatsApp"
            disabled={!rangeValid}
            request={{ kind: 'statement', customerId, range: { from, to } }}
          />
        </Group>
        {first && first.balancePaise > 0 && (
          <Group gap="xs" wrap="wrap" aria-label="Dues reminder">
            <Text size="sm">Remind of the dues of {formatRupees(first.balancePaise)}:</Text>
            <ShareButtons
              whatsappLabel="Send reminder on WhatsApp"
              request={{ kind: 'reminder', customerId }}
            />
          </Group>
        )}
        {ledger.isError && !ledger.data ? (
          <TechnicalErrorAlert onRetry={() => void ledger.refetch()} />
        ) : !ledger.data ? (
          <RowsSkeleton label="Loading the ledger" rows={4} height={28} />
        ) : rows.length === 0 ? (
          <Alert color="gray" variant="light">
            No entries yet: bills, payments and credit notes appear here.
          </Alert>
        ) : (
          <>
            <LedgerTable rows={rows} />
            {ledger.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={ledger.isFetchingNextPage}
                  onClick={() => void ledger.fetchNextPage()}
                >
                  Show older entries
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
