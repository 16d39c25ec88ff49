import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ExportRangeQuerySchema,
  indianDateOf,
  TallyExportQuerySchema,
  type ExportFormat,
} from '@bazaar/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useDownloadExport, type ExportRequest } from '../../../api/exports/download-export';

/** A stable label per request, so the button that asked shows the loading state. */
function keyOf(request: ExportRequest): string {
  return request.list === 'tally' ? 'tally' : `${request.list}-${request.format}`;
}

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/** Field messages of a range or month, checked with the server's own schema. */
function problemsOf(
  result:
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): Record<string, string> {
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * Exports for the accountant on the Total transaction page (docs/back-office-reports.md
 * "Exports"): bills and payments of a date range, customers and stock, each as CSV or Excel, and
 * the month's Tally vouchers. The range and month are checked with the server's schemas before a
 * request; the button that asked shows a loader while the file is prepared, and a refusal is
 * shown under its field or in a red alert.
 */
export function ExportsSection() {
  const today = indianDateOf(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const download = useDownloadExport();
  const busyKey = download.isPending && download.variables ? keyOf(download.variables) : null;

  const run = (request: ExportRequest) => {
    setFailure(null);
    const problems =
      request.list === 'bills' || request.list === 'payments'
        ? problemsOf(ExportRangeQuerySchema.safeParse({ format: request.format, from, to }))
        : request.list === 'tally'
          ? problemsOf(TallyExportQuerySchema.safeParse({ month }))
          : {};
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    download.mutate(request, {
      onError: (error) => {
        if (isApiError(error, 400) && error.fields) setFieldErrors(error.fields);
        setFailure(
          isApiError(error) ? error.message : 'The file could not be prepared. Please try again.',
        );
      },
    });
  };

  const buttons = (make: (format: ExportFormat) => ExportRequest, name: string) =>
    (['csv', 'xlsx'] as const).map((format) => {
      const request = make(format);
      return (
        <Button
          key={format}
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={busyKey === keyOf(request)}
          disabled={busyKey !== null && busyKey !== keyOf(request)}
          onClick={() => run(request)}
          aria-label={`Download ${name} as ${FORMAT_LABELS[format]}`}
        >
          {FORMAT_LABELS[format]}
        </Button>
      );
    });

  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="exports-title" component="section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="exports-title">
            Exports for the accountant
          </Title>
          <Text fz="sm" c="dimmed">
            Dates as DD-MM-YYYY (India time), amounts in rupees with 2 decimals. Excel files keep
            the amounts as numbers in lakh and crore grouping.
          </Text>
        </div>

        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={fieldErrors.from}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={fieldErrors.to}
            w={170}
          />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500} w={80}>
              Bills
            </Text>
            {buttons((format) => ({ list: 'bills', format, from, to }), 'bills')}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500} w={80}>
              Payments
            </Text>
            {buttons((format) => ({ list: 'payments', format, from, to }), 'payments')}
          </Group>
        </Group>

        <Divider />
        <Group gap="lg" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500} w={80}>
              Customers
            </Text>
            {buttons((format) => ({ list: 'customers', format }), 'customers')}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500} w={80}>
              Stock
            </Text>
            {buttons((format) => ({ list: 'stock', format }), 'stock')}
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          Customers and stock are exported as they are now.
        </Text>

        <Divider />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="month"
            label="Tally month"
            placeholder="YYYY-MM"
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            error={fieldErrors.month}
            w={190}
          />
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={busyKey === 'tally'}
            disabled={busyKey !== null && busyKey !== 'tally'}
            onClick={() => run({ list: 'tally', month })}
          >
            Tally XML
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          Sales, credit notes, receipts, bounced cheques and refunds of the month as Tally vouchers;
          cancelled bills are left out. Create the ledgers in Tally before importing.
        </Text>

        {failure && (
          <Alert color="red" variant="light" title="The export could not be prepared" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
