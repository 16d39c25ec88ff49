import {
  ActionIcon,
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { userMay, type BillRow, type EmployeePermission } from '@bazaar/shared';
import {
  IconArrowLeft,
  IconCash,
  IconHistory,
  IconPlus,
  IconPrinter,
  IconSearch,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import type { BillListFilter } from '../../../api/bills/bill-keys';
import { useBillCustomer } from '../../../api/bills/get-bill-customer';
import { useCustomerBills } from '../../../api/bills/get-customer-bills';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadCustomerSummary } from '../../../components/documents/download';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { AddPurchaseModal } from './add-purchase-modal';
import { AskCancelModal } from './ask-cancel-modal';
import { BillItemsView } from './bill-items-view';
import { billSearchOf } from './bill-search';
import { BillStatusModal } from './bill-status-modal';
import { BillTable } from './bill-table';
import { BillTotalsFooter } from './bill-totals-footer';
import { CustomerHeader } from './customer-header';
import { LedgerPanel } from './ledger-panel';
import { CancelBillModal } from './cancel-bill-modal';
import { PaymentDetailsModal } from './payment-details-modal';
import { PaymentHistoryModal } from './payment-history-modal';
import { TakePaymentModal } from './take-payment-modal';
import { BackOfficePagination } from './back-office-pagination';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { RowsSkeleton } from './rows-skeleton';

const ReceivedPie = lazy(async () => ({ default: (await import('./received-pie')).ReceivedPie }));

type Role = 'admin' | 'employee';

/** Where Back goes (docs/back-office-bills.md). */
const BACK_PATH: Record<Role, string> = {
  admin: '/TotalCustomer',
  employee: '/employeeTotalCustomer',
};

const STATUS_OPTIONS = [
  { label: 'All', value: 'all' },
  { label: 'Open', value: 'open' },
  { label: 'Closed', value: 'closed' },
  { label: 'Cancelled', value: 'cancelled' },
] as const;

/**
 * The transaction screen of one customer (docs/back-office-bills.md), for the
 * admin (`/TransactionDetails/{customerId}`) and the employee (`/employeeTransaction/{customerId}`,
 * Ask to cancel instead of Cancel, Amount shown with GST; Add New Purchase, Take payment, the
 * Received edit, Close bill, Ask to cancel and the ledger only when the job title allows them:
 * docs/back-office-people.md "Roles and permissions"). List mode: header, search, status filter (Open by default),
 * Add New Purchase, Take payment (on the customer's account), payment history (receipts, mark a
 * cheque bounced: admin), the Received-versus-Credit pie, the bill table with its
 * dialogs, pagination, footer totals, Back and Print Invoice. Items mode: one bill's lines
 * (More Details) with Back.
 */
function TransactionScreen({ role }: { role: Role }) {
  usePageTitle('Transaction details');
  const params = useParams();
  const customerId = Number(params.customerId);
  const validId = Number.isInteger(customerId) && customerId > 0;

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<BillListFilter['status']>('open');
  const [page, setPage] = useState(1);
  const [itemsBillId, setItemsBillId] = useState<number | null>(null);
  const [statusBill, setStatusBill] = useState<BillRow | null>(null);
  const [cancelBill, setCancelBill] = useState<BillRow | null>(null);
  const [paymentsBillId, setPaymentsBillId] = useState<number | null>(null);
  const [historyOpened, setHistoryOpened] = useState(false);
  const [purchaseOpened, setPurchaseOpened] = useState(false);
  const [takePaymentOpened, setTakePaymentOpened] = useState(false);
  const { showError, errorDialog } = useErrorDialog();
  // What the employee's job title allows (the admin: everything); the server enforces the same.
  const { user } = useSession();
  const may = (permission: EmployeePermission) => userMay(user, permission);
  const [askCancelBill, setAskCancelBill] = useState<BillRow | null>(null);

  const customerQuery = useBillCustomer(validId ? customerId : 0);
  const customer = customerQuery.data;
  const filter: BillListFilter = {
    status,
    search: billSearchOf(debouncedSearch, customer),
    page,
  };
  const billsQuery = useCustomerBills(validId ? customerId : 0, filter);
  const bills = billsQuery.data;
  // A cancel or a close can empty the last page: step back to the new last page.
  // (Adjusted while rendering, React's pattern for state derived from new data.)
  if (bills && bills.totalPages > 0 && bills.page > bills.totalPages && page !== bills.totalPages) {
    setPage(bills.totalPages);
  }

  const closePayments = useCallback(() => setPaymentsBillId(null), []);
  const closeHistory = useCallback(() => setHistoryOpened(false), []);

  const notFound =
    !validId || isApiError(customerQuery.error, 404) || isApiError(billsQuery.error, 404);
  const backButton = (
    <Button
      component={Link}
      to={BACK_PATH[role]}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Back
    </Button>
  );

  if (notFound) {
    return (
      <Container size="xl" py="lg">
        <Stack>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Transaction details
          </Title>
          <Alert color="yellow" title="Customer not found">
            This customer does not exist or was removed.
          </Alert>
          <Group>{backButton}</Group>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          Transaction details
        </Title>
        {customerQuery.isError && !customer ? (
          <TechnicalErrorAlert onRetry={() => void customerQuery.refetch()} />
        ) : (
          <Grid gap="md" align="stretch">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <CustomerHeader customer={customer} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper
                withBorder
                radius="md"
                p="sm"
                h="100%"
                component="section"
                aria-label="Received versus credit"
              >
                {bills ? (
                  <Suspense fallback={<Skeleton h={180} circle mx="auto" w={180} />}>
                    <ReceivedPie
                      receivedPaise={bills.totals.receivedPaise}
                      duesPaise={bills.totals.duesPaise}
                    />
                  </Suspense>
                ) : (
                  <Skeleton h={180} circle mx="auto" w={180} />
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        )}

        {itemsBillId !== null ? (
          <BillItemsView
            billId={itemsBillId}
            onBack={() => setItemsBillId(null)}
            admin={role === 'admin'}
            onError={showError}
          />
        ) : (
          <>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <TextInput
                placeholder="Search"
                aria-label="Search bills"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', xs: 260 }}
              />
              <Group gap="sm" wrap="wrap">
                <SegmentedControl
                  aria-label="Bill status"
                  data={[...STATUS_OPTIONS]}
                  value={status}
                  onChange={(value) => {
                    setStatus(value as BillListFilter['status']);
                    setPage(1);
                  }}
                />
                {may('addPurchases') && (
                  <Tooltip label="Add New Purchase">
                    <ActionIcon
                      size="lg"
                      variant="filled"
                      onClick={() => setPurchaseOpened(true)}
                      aria-label="Add New Purchase"
                    >
                      <IconPlus size={20} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {may('takePayments') && (
                  <Button
                    leftSection={<IconCash size={18} />}
                    variant="light"
                    color="teal"
                    onClick={() => setTakePaymentOpened(true)}
                  >
                    Take payment
                  </Button>
                )}
                <Tooltip label="Payment history">
                  <ActionIcon
                    size="lg"
                    variant="light"
                    onClick={() => setHistoryOpened(true)}
                    aria-label="Payment history"
                  >
                    <IconHistory size={20} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>

            {billsQuery.isError && !bills ? (
              <TechnicalErrorAlert onRetry={() => void billsQuery.refetch()} />
            ) : !bills ? (
              <RowsSkeleton label="Loading the bills" rows={5} height={28} />
            ) : (
              <Stack gap="sm" style={{ opacity: billsQuery.isPlaceholderData ? 0.6 : 1 }}>
                <BillTable
                  bills={bills.items}
                  firstSerial={(bills.page - 1) * bills.pageSize + 1}
                  employeeView={role === 'employee'}
                  emptyText={
                    bills.totals.billCount === 0
                      ? 'No purchases yet: add one with the plus button'
                      : 'No bills match this filter'
                  }
                  onStatus={setStatusBill}
                  onViewDetails={(bill) => setPaymentsBillId(bill.id)}
                  onCancel={
                    role === 'admin'
                      ? setCancelBill
                      : may('requestBillCancels')
                        ? setAskCancelBill
                        : undefined
                  }
                  cancelMode={role === 'admin' ? 'cancel' : 'ask'}
                  canTakePayments={may('takePayments')}
                  onMoreDetails={(bill) => setItemsBillId(bill.id)}
                  onError={showError}
                />
                <BackOfficePagination
                  total={bills.totalPages}
                  value={bills.page}
                  onChange={setPage}
                />
              </Stack>
            )}

            {bills && <BillTotalsFooter totals={bills.totals} employeeView={role === 'employee'} />}
            <Group justify="space-between">
              {backButton}
              <DocumentButton
                leftSection={<IconPrinter size={16} />}
                download={() => downloadCustomerSummary(customerId)}
                disabled={!bills || bills.totals.billCount === 0}
              >
                Print Invoice
              </DocumentButton>
            </Group>
            {may('seeReports') && <LedgerPanel customerId={customerId} />}
          </>
        )}
      </Stack>

      <AddPurchaseModal
        customerId={customerId}
        customerState={customer?.state}
        opened={purchaseOpened}
        onClose={() => setPurchaseOpened(false)}
        onNetworkError={showError}
      />
      <BillStatusModal
        bill={statusBill}
        onClose={() => setStatusBill(null)}
        onError={showError}
        mayClose={may('closeBills')}
      />
      {role === 'employee' && (
        <AskCancelModal
          bill={askCancelBill}
          onClose={() => setAskCancelBill(null)}
          onError={showError}
        />
      )}
      {role === 'admin' && (
        <CancelBillModal
          billId={cancelBill?.id ?? null}
          customerId={customerId}
          onClose={() => setCancelBill(null)}
          onError={showError}
        />
      )}
      <PaymentDetailsModal
        billId={paymentsBillId}
        admin={role === 'admin'}
        onClose={closePayments}
        onError={showError}
      />
      <PaymentHistoryModal
        customerId={customerId}
        opened={historyOpened}
        admin={role === 'admin'}
        onClose={closeHistory}
        onError={showError}
      />
      <TakePaymentModal
        customerId={customerId}
        opened={takePaymentOpened}
        onClose={() => setTakePaymentOpened(false)}
        onNetworkError={showError}
      />
      {errorDialog}
    </Container>
  );
}

/**
 * `/TransactionDetails` or `/employeeTransaction` without a customer: the screen is always of one
 * customer, so the customer list opens instead.
 */
function ChooseCustomer({ role }: { role: Role }) {
  return <Navigate to={BACK_PATH[role]} replace />;
}

/** `/TransactionDetails` (admin) without a customer id. */
export function AdminTransactionIndex() {
  return <ChooseCustomer role="admin" />;
}

/** `/employeeTransaction` (employee) without a customer id. */
export function EmployeeTransactionIndex() {
  return <ChooseCustomer role="employee" />;
}

/** `/TransactionDetails/{customerId}` (admin). */
export function AdminTransactionPage() {
  return <TransactionScreen role="admin" />;
}

/** `/employeeTransaction/{customerId}` (employee: no Cancel, Amount with GST). */
export function EmployeeTransactionPage() {
  return <TransactionScreen role="employee" />;
}
