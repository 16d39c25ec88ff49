import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  PayoutInputSchema,
  formatDisplayDate,
  formatRupees,
  indianDateOf,
  rupeesToPaise,
  type ShopBalance,
} from '@bazaar/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import {
  gstr8CsvUrl,
  useAdminShopStatement,
  useRecordPayout,
  useShopBalances,
} from '../../../api/settlements/settlements';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadSellerStatement } from '../../../components/documents/download';
import { notify } from '../../../components/notify';
import { StatementView, statementMonths } from '../../../components/settlements/statement-view';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { FailedRefundsPanel } from './failed-refunds-panel';
import { SettlementRatesPanel } from './settlement-rates-panel';
import { ShopPanModal } from './shop-pan-modal';

interface PayoutValues {
  amountRupees: number | string;
  utr: string;
  paidOn: string;
  note: string;
}

/** The payout the form sends: rupees to paise once, an empty note left out. */
function payoutBodyOf(values: PayoutValues) {
  return {
    amountPaise: typeof values.amountRupees === 'number' ? rupeesToPaise(values.amountRupees) : NaN,
    utr: values.utr,
    paidOn: values.paidOn,
    ...(values.note.trim() ? { note: values.note } : {}),
  };
}

/**
 * Mark payout: amount (₹), UTR, date paid (not in the future), note; checked by the shared
 * schema the server runs (PayoutInputSchema), the amount converted to paise first.
 */
function PayoutModal({ shop, onClose }: { shop: ShopBalance | null; onClose: () => void }) {
  const record = useRecordPayout();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayoutValues>({
    mode: 'controlled',
    initialValues: { amountRupees: '', utr: '', paidOn: indianDateOf(new Date()), note: '' },
    validate: (values) => {
      const result = PayoutInputSchema.safeParse(payoutBodyOf(values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] === 'amountPaise' ? 'amountRupees' : String(issue.path[0]);
        errors[key] ??= issue.message;
      }
      return errors;
    },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    if (!shop) return;
    setFailure(null);
    record.mutate(
      { shopId: shop.shopId, body: payoutBodyOf(values) },
      {
        onSuccess: (payout) => {
          void notify({
            color: 'green',
            message: `Payout of ${formatRupees(payout.amountPaise)} to ${shop.shopName} recorded`,
          });
          close();
        },
        onError: (error) => {
          // The server names the schema's fields; the amount is typed in rupees here.
          if (isApiError(error) && error.fields) {
            const { amountPaise, ...rest } = error.fields;
            form.setErrors({ ...rest, ...(amountPaise ? { amountRupees: amountPaise } : {}) });
            return;
          }
          setFailure(isApiError(error) ? error.message : 'The payout could not be saved');
        },
      },
    );
  });
  return (
    <Modal opened={shop !== null} onClose={close} title="Mark payout" centered>
      {shop && (
        <form onSubmit={handleSubmit} noValidate aria-label="Mark payout">
          <Stack gap="sm">
            <Text size="sm">
              {shop.shopName}: {formatRupees(shop.balancePaise)} owed
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <NumberInput
              label="Amount paid (₹)"
              withAsterisk
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('amountRupees')}
            />
            <TextInput
              label="UTR"
              description="The bank's reference: 12 to 22 letters or digits"
              withAsterisk
              maxLength={22}
              {...form.getInputProps('utr')}
            />
            <TextInput
              label="Date paid"
              type="date"
              withAsterisk
              max={indianDateOf(new Date())}
              {...form.getInputProps('paidOn')}
            />
            <TextInput label="Note" maxLength={200} {...form.getInputProps('note')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={record.isPending}>
                Save payout
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** One shop's statement in a drawer (full screen on phones), with its PDF. */
function StatementDrawer({
  shop,
  month,
  onClose,
}: {
  shop: ShopBalance | null;
  month: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const statement = useAdminShopStatement(shop?.shopId ?? null, month);
  return (
    <Drawer
      opened={shop !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'min(1100px, 100%)'}
      title={shop ? `${shop.shopName}: statement` : ''}
    >
      {statement.isError ? (
        <TechnicalErrorAlert onRetry={() => void statement.refetch()} />
      ) : !statement.data ? (
        <Skeleton h={200} />
      ) : (
        <Stack gap="sm">
          <Group>
            <DocumentButton
              variant="light"
              size="xs"
              download={() => downloadSellerStatement(statement.data)}
            >
              Download PDF
            </DocumentButton>
          </Group>
          <StatementView statement={statement.data} />
        </Stack>
      )}
    </Drawer>
  );
}

function lastPayout(shop: ShopBalance): string {
  return shop.lastPayoutOn ? formatDisplayDate(`${shop.lastPayoutOn}T12:00:00+05:30`) : '—';
}

/** The PAN TDS uses for a shop, masked, or that there is none (TDS at 5 %). */
function panLabel(shop: ShopBalance): string {
  return shop.pan ?? 'No PAN (TDS 5 %)';
}

/**
 * Settlements (admin, `/Settlements`; docs/settlements.md): every shop's earned, paid and owed
 * balance, its PAN for TDS (recorded here when the GSTIN carries none), Mark payout, each shop's
 * statement of a month and the month's GSTR-8 figures; the rates tab (rows by effective date and
 * a new row); the failed refunds tab (online refunds Razorpay refused, retried from here).
 */
export function SettlementsPage() {
  usePageTitle('Settlements');
  const months = statementMonths();
  const [month, setMonth] = useState(months[0]!.value);
  const [paying, setPaying] = useState<ShopBalance | null>(null);
  const [viewing, setViewing] = useState<ShopBalance | null>(null);
  const [recordingPan, setRecordingPan] = useState<ShopBalance | null>(null);
  const [tab, setTab] = useState<string>('balances');
  const balances = useShopBalances();
  const rows = balances.data?.items ?? [];
  const owed = rows.reduce((sum, row) => sum + row.balancePaise, 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Settlements
          </Title>
          <Text c="dimmed" size="sm">
            What the marketplace owes each shop: delivered orders less commission, TCS and TDS, less
            payouts. Owed in all: {formatRupees(owed)}.
          </Text>
        </div>
        <Group align="flex-end" gap="sm">
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
            w={190}
          />
          <Button
            component="a"
            href={gstr8CsvUrl(month)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            GSTR-8 CSV
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="balances">Balances</Tabs.Tab>
          <Tabs.Tab value="rates">Rates</Tabs.Tab>
          <Tabs.Tab value="refunds">Failed refunds</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rates" pt="md">
          <SettlementRatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="refunds" pt="md">
          <FailedRefundsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="balances" pt="md">
          {balances.isError ? (
            <TechnicalErrorAlert onRetry={() => void balances.refetch()} />
          ) : !balances.data ? (
            <Skeleton h={240} radius="md" />
          ) : (
            <>
              <Table.ScrollContainer minWidth={860} visibleFrom="sm">
                <Table striped verticalSpacing="xs" aria-label="Shop balances">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Shop</Table.Th>
                      <Table.Th>GSTIN</Table.Th>
                      <Table.Th>PAN</Table.Th>
                      <Table.Th ta="right">Earned</Table.Th>
                      <Table.Th ta="right">Paid</Table.Th>
                      <Table.Th ta="right">Owed</Table.Th>
                      <Table.Th style={{ whiteSpace: 'nowrap' }}>Last payout</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((shop) => (
                      <Table.Tr key={shop.shopId}>
                        <Table.Td>{shop.shopName}</Table.Td>
                        <Table.Td>{shop.gstin ?? 'Unregistered'}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {panLabel(shop)}
                          {!shop.panFromGstin && (
                            <Anchor
                              component="button"
                              size="xs"
                              display="block"
                              onClick={() => setRecordingPan(shop)}
                            >
                              {shop.pan ? 'Change PAN' : 'Record PAN'}
                            </Anchor>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatRupees(shop.earnedPaise)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatRupees(shop.paidPaise)}
                        </Table.Td>
                        <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatRupees(shop.balancePaise)}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastPayout(shop)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Anchor component="button" size="sm" onClick={() => setViewing(shop)}>
                              Statement
                            </Anchor>
                            <Button
                              size="xs"
                              disabled={shop.balancePaise <= 0}
                              onClick={() => setPaying(shop)}
                            >
                              Mark payout
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack gap="xs" hiddenFrom="sm" aria-label="Shop balances">
                {rows.map((shop) => (
                  <Paper key={shop.shopId} withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600}>{shop.shopName}</Text>
                        <Text size="xs" c="dimmed">
                          Earned {formatRupees(shop.earnedPaise)} · Paid{' '}
                          {formatRupees(shop.paidPaise)} · Last payout {lastPayout(shop)}
                        </Text>
                        <Text size="xs">PAN {panLabel(shop)}</Text>
                      </Stack>
                      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {formatRupees(shop.balancePaise)}
                      </Text>
                    </Group>
                    <Group gap="xs" mt="xs">
                      <Button size="xs" variant="default" onClick={() => setViewing(shop)}>
                        Statement
                      </Button>
                      <Button
                        size="xs"
                        disabled={shop.balancePaise <= 0}
                        onClick={() => setPaying(shop)}
                      >
                        Mark payout
                      </Button>
                      {!shop.panFromGstin && (
                        <Button size="xs" variant="light" onClick={() => setRecordingPan(shop)}>
                          {shop.pan ? 'Change PAN' : 'Record PAN'}
                        </Button>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </>
          )}
        </Tabs.Panel>
      </Tabs>
      <ShopPanModal shop={recordingPan} onClose={() => setRecordingPan(null)} />
      <PayoutModal shop={paying} onClose={() => setPaying(null)} />
      <StatementDrawer shop={viewing} month={month} onClose={() => setViewing(null)} />
    </Stack>
  );
}
