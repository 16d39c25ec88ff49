import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatDisplayDate,
  formatRupees,
  taxRowsByRate,
  type BillDetail,
  type BillItem,
} from '@bazaar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconBan, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { billsChanged } from '../../../api/bills/bill-keys';
import { useBill } from '../../../api/bills/get-bill';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadBillInvoice } from '../../../components/documents/download';
import { ShareButtons } from '../../../components/documents/share-buttons';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { CancelBillModal } from './cancel-bill-modal';
import { CreditNoteModal } from './credit-note-modal';
import { CreditNotesList } from './credit-notes-list';
import { EInvoicePanel } from '../tax-settings/e-invoice-panel';
import { MoneyLines } from './money-lines';

/** The items table: S.No, Item, Category, Type, Size, Quantity, Rate, Amount (paise en-IN). */
export function BillItemsTable({
  items,
  label,
  rates,
}: {
  items: readonly Omit<BillItem, 'id'>[];
  label: string;
  /** Each line's GST rate in percent: shown in a 'GST %' column when given. */
  rates?: readonly number[] | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>S.No</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {rates && <Table.Th ta="right">GST %</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{line.item}</Table.Td>
              <Table.Td>{line.category}</Table.Td>
              <Table.Td>{line.type}</Table.Td>
              <Table.Td>{line.size}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatRupees(line.ratePaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(line.amountPaise)}</Table.Td>
              {rates && (
                <Table.Td ta="right" data-line-rate={index + 1}>
                  {`${rates[index] ?? 0} %`}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The status badge: Open (red), Closed (green), Cancelled (grey). */
function StatusBadge({ status }: { status: BillDetail['status'] }) {
  const [color, label] =
    status === 'open'
      ? ['red', 'Open']
      : status === 'closed'
        ? ['green', 'Closed']
        : ['gray', 'Cancelled'];
  return (
    <Badge color={color} variant={status === 'cancelled' ? 'filled' : 'light'} size="lg">
      {label}
    </Badge>
  );
}

/**
 * The money of a bill as its issued document says it (docs/gst.md "Issued documents"): taxable
 * value, the tax by rate from the invoice's summary (CGST x % + SGST x %, or IGST x %), total,
 * received, credit notes, refunded (cancelled) and dues; paise.
 */
export function billMoneyRows(bill: BillDetail): Array<readonly [string, number]> {
  const snapshot = bill.invoice?.snapshot;
  const taxRows: Array<readonly [string, number]> = snapshot
    ? snapshot.kind === 'bill_of_supply'
      ? []
      : taxRowsByRate(snapshot).map((row) => [row.label, row.paise] as const)
    : bill.gstPaise > 0
      ? [
          ['CGST', bill.cgstPaise],
          ['SGST', bill.sgstPaise],
          ...(bill.igstPaise > 0 ? [['IGST', bill.igstPaise] as const] : []),
        ]
      : [];
  return [
    ['Taxable value', snapshot ? snapshot.totals.taxableValuePaise : bill.amountPaise],
    ...taxRows,
    ['Total GST', snapshot ? snapshot.totals.taxPaise : bill.gstPaise],
    ['Total', snapshot ? snapshot.totals.totalPaise : bill.totalPaise],
    ['Received', bill.receivedPaise],
    ...(bill.creditedPaise > 0 ? [['Credit notes', bill.creditedPaise] as const] : []),
    ...(bill.status === 'cancelled' ? [['Refunded', bill.refundedPaise] as const] : []),
    ['Dues', bill.duesPaise],
  ];
}

/** The bill's detail once loaded: header, invoice, lines, money, actions and dialogs. */
function BillDetailBody({
  bill,
  admin,
  back,
  onError,
}: {
  bill: BillDetail;
  admin: boolean;
  back: ReactNode;
  onError: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const [cancelOpened, setCancelOpened] = useState(false);
  const [creditOpened, setCreditOpened] = useState(false);
  const invoice = bill.invoice;
  const cancelled = bill.status === 'cancelled';
  const canCredit =
    admin &&
    !cancelled &&
    invoice !== null &&
    (invoice.snapshot.kind === 'tax_invoice' || invoice.snapshot.kind === 'bill_of_supply');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Bill-No {bill.billNumber}
          </Title>
          {invoice ? (
            <Text fz="sm" data-testid="invoice-number">
              {invoice.snapshot.title} <b>{invoice.snapshot.number}</b> · Place of supply{' '}
              {invoice.snapshot.placeOfSupply.state} ({invoice.snapshot.placeOfSupply.code})
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              Invoice not issued yet
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            Purchase Date {formatDisplayDate(bill.purchasedAt)} · Sell by {bill.sellerName}
          </Text>
        </Stack>
        <StatusBadge status={bill.status} />
      </Group>
      {cancelled && (
        <Alert color="gray" variant="light" title="Cancelled" role="status">
          <Text fz="sm">
            {bill.cancelledAt ? `On ${formatDisplayDate(bill.cancelledAt)}. ` : ''}Reason:{' '}
            {bill.cancelReason ?? '—'}
          </Text>
          <Text fz="sm">Refunded {formatRupees(bill.refundedPaise)}</Text>
        </Alert>
      )}
      <BillItemsTable
        items={bill.items}
        label="Items of the bill"
        rates={
          invoice && invoice.snapshot.kind !== 'bill_of_supply'
            ? invoice.snapshot.lines.map((line) => line.ratePercent)
            : undefined
        }
      />
      <MoneyLines aria-label="Bill totals" rows={billMoneyRows(bill)} />
      <CreditNotesList creditNotes={bill.creditNotes} />
      {/* E-invoice JSON and IRN entry: renders nothing for documents that need no IRN. */}
      {[...(invoice ? [invoice] : []), ...bill.creditNotes].map((document) => (
        <EInvoicePanel key={document.id} document={document} />
      ))}
      <Group justify="space-between" wrap="wrap">
        {back}
        <Group gap="sm">
          {canCredit && (
            <Button
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => setCreditOpened(true)}
            >
              Credit note
            </Button>
          )}
          {admin && !cancelled && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconBan size={16} />}
              onClick={() => setCancelOpened(true)}
            >
              Cancel bill
            </Button>
          )}
          <DocumentButton
            leftSection={<IconPrinter size={16} />}
            download={() => downloadBillInvoice(bill.id)}
          >
            Print Invoice
          </DocumentButton>
          <ShareButtons request={{ kind: 'invoice', billId: bill.id }} />
        </Group>
      </Group>
      {admin && (
        <CancelBillModal
          billId={cancelOpened ? bill.id : null}
          customerId={bill.customerId}
          onClose={() => setCancelOpened(false)}
          onError={onError}
        />
      )}
      {canCredit && (
        <CreditNoteModal
          bill={bill}
          opened={creditOpened}
          onClose={() => setCreditOpened(false)}
          onIssued={(updated: BillDetail) => {
            setCreditOpened(false);
            billsChanged(queryClient, updated.customerId, updated);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The transaction screen's items mode (More Details; docs/back-office-bills.md, docs/gst.md): the
 * bill number '00{id}', the legal invoice number and kind (Tax Invoice / Bill of Supply) with its
 * place of supply, a Cancelled badge with reason and refunded amount, the lines with their GST
 * rate, the money by the issued invoice (tax by rate, credit notes, dues), the credit notes, and
 * Back, Print Invoice and, for the admin (`admin`), Credit note and Cancel bill.
 */
export function BillItemsView({
  billId,
  onBack,
  admin = false,
  onError = () => undefined,
}: {
  billId: number;
  onBack: () => void;
  admin?: boolean;
  onError?: (error: unknown) => void;
}) {
  const { data: bill, isError, refetch } = useBill(billId);
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
      Back
    </Button>
  );
  if (isError && !bill) {
    return (
      <Stack>
        <TechnicalErrorAlert onRetry={() => void refetch()} />
        <Group>{back}</Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Bill items">
      {!bill ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the bill">
          <Skeleton h={22} w="30%" />
          <Skeleton h={16} />
          <Skeleton h={16} />
          <Skeleton h={16} w="70%" />
        </Stack>
      ) : (
        <BillDetailBody bill={bill} admin={admin} back={back} onError={onError} />
      )}
    </Paper>
  );
}
