import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  SETTLEMENT_LINE_LABELS,
  addMonths,
  codStatementNote,
  formatBasisPoints,
  statementPanLine,
  formatDisplayDate,
  formatRupees,
  indianDateOf,
  tcsOfLine,
  type SellerStatement,
  type SettlementLine,
} from '@bazaar/shared';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** This month and the `count - 1` before it, newest first: `{ value: '2026-11', label: 'November 2026' }`. */
export function statementMonths(count = 24, today = indianDateOf(new Date())) {
  return Array.from({ length: count }, (_, index) => {
    const value = addMonths(today, -index).slice(0, 7);
    return {
      value,
      label: `${MONTH_NAMES[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`,
    };
  });
}

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026'. */
function dayLabel(date: string): string {
  return formatDisplayDate(`${date}T12:00:00+05:30`);
}

const KIND_COLOURS: Record<SettlementLine['kind'], string> = {
  sale: 'green',
  reversal: 'orange',
  payout: 'blue',
};

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/** Dates and amounts never break inside ('Nov 29, 2026', '-₹3,099.00'). */
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** An amount cell; a payout row leaves the entry columns empty and an entry the payout column. */
function AmountTd({ paise, shown = true }: { paise: number; shown?: boolean }) {
  return (
    <Table.Td ta="right" style={NO_WRAP}>
      {shown ? formatRupees(paise) : ''}
    </Table.Td>
  );
}

function paymentLabel(line: SettlementLine): string {
  if (line.paymentMethod === 'cod') return 'Cash on delivery';
  if (line.paymentMethod === 'razorpay') return 'Online';
  return '';
}

/** The desktop table: one row per line, opening and closing rows. */
function StatementTable({ statement }: { statement: SellerStatement }) {
  return (
    <Table.ScrollContainer minWidth={900} visibleFrom="sm">
      <Table striped verticalSpacing="xs" horizontalSpacing={6} aria-label="Statement lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Commission + GST</Table.Th>
            <Table.Th ta="right">TCS</Table.Th>
            <Table.Th ta="right">TDS</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th ta="right">Payout</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td style={NO_WRAP}>{dayLabel(`${statement.month}-01`)}</Table.Td>
            <Table.Td colSpan={8} fw={600}>
              Opening balance
            </Table.Td>
            <Table.Td ta="right" fw={600} style={NO_WRAP}>
              {formatRupees(statement.openingBalancePaise)}
            </Table.Td>
          </Table.Tr>
          {statement.lines.map((line, index) => {
            const entry = line.kind !== 'payout';
            return (
              <Table.Tr key={`${line.kind}-${line.reference}-${index}`}>
                <Table.Td style={NO_WRAP}>{dayLabel(line.date)}</Table.Td>
                <Table.Td style={NO_WRAP}>
                  <Text size="sm" fw={600} c={`${KIND_COLOURS[line.kind]}.8`}>
                    {SETTLEMENT_LINE_LABELS[line.kind]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{line.reference}</Text>
                  {line.paymentMethod && (
                    <Text size="xs" c="dimmed">
                      {paymentLabel(line)}
                    </Text>
                  )}
                </Table.Td>
                <AmountTd paise={line.grossPaise} shown={entry} />
                <AmountTd paise={line.commissionPaise + line.commissionGstPaise} shown={entry} />
                <AmountTd paise={tcsOfLine(line)} shown={entry} />
                <Table.Td ta="right" style={NO_WRAP}>
                  {entry ? formatRupees(line.tdsPaise) : ''}
                  {entry && line.tdsBp !== null && (
                    <Text size="xs" c="dimmed">
                      at {formatBasisPoints(line.tdsBp)}
                    </Text>
                  )}
                </Table.Td>
                <AmountTd paise={line.netPaise} shown={entry} />
                <AmountTd paise={line.payoutPaise} shown={!entry} />
                <AmountTd paise={line.balancePaise} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={9}>Closing balance (owed to the shop)</Table.Th>
            <Table.Th ta="right">{formatRupees(statement.closingBalancePaise)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per line. */
function StatementCards({ statement }: { statement: SellerStatement }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" aria-label="Statement lines">
      {statement.lines.map((line, index) => (
        <Paper key={`${line.kind}-${line.reference}-${index}`} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Badge variant="light" color={KIND_COLOURS[line.kind]} radius="sm">
                  {SETTLEMENT_LINE_LABELS[line.kind]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {dayLabel(line.date)}
                </Text>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.reference}
                {line.paymentMethod ? ` · ${paymentLabel(line)}` : ''}
              </Text>
            </Stack>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {line.kind === 'payout'
                ? formatRupees(-line.payoutPaise)
                : formatRupees(line.netPaise)}
            </Text>
          </Group>
          {line.kind !== 'payout' && (
            <Text size="xs" c="dimmed" mt={4}>
              Gross {formatRupees(line.grossPaise)} · Commission + GST{' '}
              {formatRupees(line.commissionPaise + line.commissionGstPaise)} · TCS{' '}
              {formatRupees(tcsOfLine(line))} · TDS {formatRupees(line.tdsPaise)}
              {line.tdsBp !== null ? ` (${formatBasisPoints(line.tdsBp)})` : ''}
            </Text>
          )}
          <Text size="xs" mt={4}>
            Balance {formatRupees(line.balancePaise)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A shop's statement of a month (docs/settlements.md "Statement"): opening balance, the month's
 * gross, deductions and payouts, closing balance, then every line (a table from 768 px, cards
 * below), and what cash on delivery means for the balance. The seller's page and the admin's
 * settlements page both show it.
 */
export function StatementView({ statement }: { statement: SellerStatement }) {
  const { totals } = statement;
  const deductions =
    totals.commissionPaise + totals.commissionGstPaise + totals.tcsPaise + totals.tdsPaise;
  return (
    <Stack gap="md">
      <Text size="sm" aria-label="PAN and TDS rate">
        {statementPanLine(statement.shop)}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Figure label="Opening balance" value={formatRupees(statement.openingBalancePaise)} />
        <Figure label="Gross this month" value={formatRupees(totals.grossPaise)} />
        <Figure label="Commission, TCS and TDS" value={formatRupees(deductions)} />
        <Figure label="Paid out" value={formatRupees(totals.payoutPaise)} />
        <Figure
          label="Closing balance (owed)"
          value={formatRupees(statement.closingBalancePaise)}
          strong
        />
      </SimpleGrid>
      {statement.lines.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">No deliveries, returns or payouts in {statement.monthLabel}.</Text>
        </Paper>
      ) : (
        <>
          <StatementTable statement={statement} />
          <StatementCards statement={statement} />
        </>
      )}
      <Text size="sm" c="dimmed">
        {codStatementNote(statement)} TCS is section 52 of the CGST Act (0.5 % of the taxable
        value), TDS section 194-O of the Income-tax Act (0.1 % of the gross with a PAN, 5 % without
        one under section 206AA); both are deposited with the government in the shop&apos;s name.
      </Text>
    </Stack>
  );
}
