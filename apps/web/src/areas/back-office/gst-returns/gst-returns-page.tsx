import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import {
  GSTR1_CSV_SECTIONS,
  TAX_DOCUMENT_TITLES,
  addMonths,
  formatRupees,
  indianDateOf,
  type Gstr1CsvSection,
  type Gstr1Summary,
} from '@bazaar/shared';
import { useState } from 'react';
import {
  gstr1CsvUrl,
  gstr1JsonUrl,
  useGstr1Summary,
  type Gstr1PeriodChoice,
} from '../../../api/gst-returns/gst-returns';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';

const MONTHS = [
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

/** How many past months and quarters the pickers offer. */
const MONTHS_OFFERED = 24;
const QUARTERS_OFFERED = 8;

/** The CSV buttons' labels, in the offline tool's names. */
const SECTION_LABELS: Record<Gstr1CsvSection, string> = {
  b2b: 'B2B',
  b2cl: 'B2CL',
  b2cs: 'B2CS',
  cdnr: 'CDNR',
  cdnur: 'CDNUR',
  hsn_b2b: 'HSN (B2B)',
  hsn_b2c: 'HSN (B2C)',
  docs: 'Documents issued',
};

/** The last `count` months before this one, newest first: `{ value: '2026-10', label: 'October 2026' }`. */
export function pastMonths(today: string, count = MONTHS_OFFERED) {
  return Array.from({ length: count }, (_, index) => {
    const value = addMonths(today, -(index + 1)).slice(0, 7);
    return { value, label: `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}` };
  });
}

/** The last `count` calendar quarters ended before this one: `{ value: '2026-Q3', label: 'Jul-Sep 2026' }`. */
export function pastQuarters(today: string, count = QUARTERS_OFFERED) {
  const year = Number(today.slice(0, 4));
  const current = Math.ceil(Number(today.slice(5, 7)) / 3);
  return Array.from({ length: count }, (_, index) => {
    const serial = year * 4 + (current - 1) - (index + 1);
    const y = Math.floor(serial / 4);
    const q = (serial % 4) + 1;
    const first = MONTHS[(q - 1) * 3]!.slice(0, 3);
    const last = MONTHS[(q - 1) * 3 + 2]!.slice(0, 3);
    return { value: `${y}-Q${q}`, label: `${first}-${last} ${y}` };
  });
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function RateTable({ summary }: { summary: Gstr1Summary }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Taxable value and tax by rate">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rate</Table.Th>
            <Table.Th ta="right">Taxable value</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">Total tax</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.byRate.map((row) => (
            <Table.Tr key={row.ratePercent}>
              <Table.Td>{row.ratePercent === 0 ? 'Exempt (0%)' : `${row.ratePercent}%`}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.taxableValuePaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.cgstPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.sgstPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.igstPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.taxPaise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Net</Table.Th>
            <Table.Th ta="right">{formatRupees(summary.net.taxableValuePaise)}</Table.Th>
            <Table.Th ta="right">{formatRupees(summary.net.cgstPaise)}</Table.Th>
            <Table.Th ta="right">{formatRupees(summary.net.sgstPaise)}</Table.Th>
            <Table.Th ta="right">{formatRupees(summary.net.igstPaise)}</Table.Th>
            <Table.Th ta="right">{formatRupees(summary.net.taxPaise)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function DocumentsTable({ summary }: { summary: Gstr1Summary }) {
  return (
    <Table verticalSpacing="xs" aria-label="Documents issued">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Document</Table.Th>
          <Table.Th ta="right">Issued</Table.Th>
          <Table.Th ta="right">Cancelled</Table.Th>
          <Table.Th ta="right">Value (not cancelled)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.documents.map((row) => (
          <Table.Tr key={row.kind}>
            <Table.Td>{TAX_DOCUMENT_TITLES[row.kind]}</Table.Td>
            <Table.Td ta="right">{row.issued}</Table.Td>
            <Table.Td ta="right">{row.cancelled}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.totalPaise)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Problems({ summary }: { summary: Gstr1Summary }) {
  if (summary.problems.length === 0) {
    return (
      <Alert color="green" variant="light" title="No problems found">
        Every GSTIN, place of supply and number passes the portal&apos;s checks, and the tables add
        up to the documents to the paisa.
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={`${summary.problems.length} problem(s) to fix before filing`}
      role="alert"
    >
      <List size="sm" spacing={4}>
        {summary.problems.map((problem, index) => (
          <List.Item key={`${problem.code}-${index}`}>{problem.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Downloads({ summary, choice }: { summary: Gstr1Summary; choice: Gstr1PeriodChoice }) {
  const blocked = summary.problems.length > 0;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {blocked ? (
          <Button leftSection={<IconDownload size={16} />} disabled>
            Download GSTR-1 JSON
          </Button>
        ) : (
          <Button
            component="a"
            href={gstr1JsonUrl(choice)}
            download
            leftSection={<IconDownload size={16} />}
          >
            Download GSTR-1 JSON
          </Button>
        )}
        {blocked && (
          <Text size="sm" c="red">
            Fix the problems above to download the JSON.
          </Text>
        )}
      </Group>
      <Group gap="xs" aria-label="CSV per section">
        <Text size="sm" c="dimmed">
          CSV (offline tool):
        </Text>
        {GSTR1_CSV_SECTIONS.map((section) => (
          <Anchor key={section} href={gstr1CsvUrl(choice, section)} download size="sm">
            {SECTION_LABELS[section]}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

function SummaryView({ summary, choice }: { summary: Gstr1Summary; choice: Gstr1PeriodChoice }) {
  const documents = summary.documents.reduce((sum, row) => sum + row.issued, 0);
  if (documents === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">
          No invoices, bills of supply or credit notes in {summary.period.label}.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure
          label="Invoices (taxable value)"
          value={formatRupees(summary.invoices.taxableValuePaise)}
        />
        <Figure
          label={`Credit notes (${summary.creditNotes.count})`}
          value={formatRupees(summary.creditNotes.totalPaise)}
        />
        <Figure label="Net taxable value" value={formatRupees(summary.net.taxableValuePaise)} />
        <Figure label="Net tax" value={formatRupees(summary.net.taxPaise)} />
      </SimpleGrid>
      <Problems summary={summary} />
      <Downloads summary={summary} choice={choice} />
      <Title order={3} size="h5">
        Taxable value and tax by rate (credit notes subtracted)
      </Title>
      <RateTable summary={summary} />
      <Title order={3} size="h5">
        Documents issued (cancelled ones counted, reported in table 13 only)
      </Title>
      <DocumentsTable summary={summary} />
    </Stack>
  );
}

/**
 * GST returns (admin, docs/gst.md "GSTR-1"): pick a month (last month by default) or a quarter,
 * read the GSTR-1 summary with the problems the portal would refuse, and download the JSON for
 * the portal or a section's CSV for the offline tool.
 */
export function GstReturnsPage() {
  usePageTitle('GST returns');
  const today = indianDateOf(new Date());
  const months = pastMonths(today);
  const quarters = pastQuarters(today);
  const [mode, setMode] = useState<'month' | 'quarter'>('month');
  const [month, setMonth] = useState(months[0]!.value);
  const [quarter, setQuarter] = useState(quarters[0]!.value);
  const choice: Gstr1PeriodChoice = mode === 'month' ? { period: month } : { quarter };
  const summary = useGstr1Summary(choice);

  return (
    <Stack gap="md" p="md">
      <Title order={2}>GST returns: GSTR-1</Title>
      <Group gap="sm" align="end">
        <SegmentedControl
          aria-label="Return period"
          value={mode}
          onChange={(value) => setMode(value as 'month' | 'quarter')}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'quarter', label: 'Quarter' },
          ]}
        />
        {mode === 'month' ? (
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
            w={200}
          />
        ) : (
          <Select
            label="Quarter"
            data={quarters}
            value={quarter}
            onChange={(value) => value && setQuarter(value)}
            allowDeselect={false}
            w={200}
          />
        )}
      </Group>
      {summary.isError ? (
        <TechnicalErrorAlert onRetry={() => void summary.refetch()} />
      ) : summary.data === undefined ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the summary">
          <Skeleton h={64} />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <SummaryView summary={summary.data} choice={choice} />
      )}
    </Stack>
  );
}
