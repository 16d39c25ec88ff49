import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRupees, indianDateOf } from '@bazaar/shared';
import { statementCsvUrl, statementPdfUrl, useCustomerLedger } from '../../../api/ledger/ledger';
import {
  AgeingTiles,
  EmptyLedger,
  LedgerTable,
  StatementDownloads,
} from '../../../components/ledger/ledger-view';
import { ShareButtons } from '../../../components/documents/share-buttons';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { RowsSkeleton } from './rows-skeleton';

/**
 * The customer ledger (khata) on the transaction screen (docs/back-office-ledger.md): the balance
 * now, opening balance and credit limit, the ageing of the dues, the rows newest first with the
 * running balance (20 at a time, "Show older entries" for the next page), and the statement
 * for a date range as PDF or CSV (the current financial year to today by default).
 */
export function LedgerPanel({ customerId }: { customerId: number }) {
  const ledger = useCustomerLedger(customerId);
  const today = indianDateOf(new Date());
  const first = ledger.data?.pages[0];
  const rows = ledger.data?.pages.flatMap((page) => page.items) ?? [];

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
        <StatementDownloads
          today={today}
          pdfUrl={(range) => statementPdfUrl(customerId, range)}
          csvUrl={(range) => statementCsvUrl(customerId, range)}
          extraActions={(range, rangeValid) => (
            <ShareButtons
              whatsappLabel="Share statement on WhatsApp"
              disabled={!rangeValid}
              request={{ kind: 'statement', customerId, range }}
            />
          )}
        />
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
          <EmptyLedger />
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
