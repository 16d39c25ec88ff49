import { Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { statementCsvUrl, useShopStatement } from '../../../api/settlements/settlements';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadSellerStatement } from '../../../components/documents/download';
import { StatementView, statementMonths } from '../../../components/settlements/statement-view';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * Statement (seller, `/Statement`; docs/settlements.md): what the marketplace owes the shop, month
 * by month: every delivered shipment, return and payout with the opening and closing balance,
 * downloadable as CSV and PDF.
 */
export function SellerStatementPage() {
  usePageTitle('Statement');
  const months = statementMonths();
  const [month, setMonth] = useState(months[0]!.value);
  const statement = useShopStatement(month);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Statement
          </Title>
          <Text c="dimmed" size="sm">
            What Bazaar owes your shop for delivered orders, after commission, TCS and TDS.
          </Text>
        </div>
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {statement.isError ? (
        <TechnicalErrorAlert onRetry={() => void statement.refetch()} />
      ) : !statement.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <>
          <Group gap="sm">
            <Button
              component="a"
              href={statementCsvUrl(month)}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Download CSV
            </Button>
            <DocumentButton
              variant="light"
              download={() => downloadSellerStatement(statement.data)}
            >
              Download PDF
            </DocumentButton>
          </Group>
          <StatementView statement={statement.data} />
        </>
      )}
    </Stack>
  );
}
