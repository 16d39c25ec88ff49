import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  allocateOpeningThenOldest,
  billNumberOf,
  formatDisplayDate,
  formatRupees,
  maxPaymentPaise,
  PAYMENT_MESSAGES,
  PAYMENT_MODE_LABELS,
  paymentMethodText,
  rupeesToPaise,
  TOAST_AUTO_CLOSE_MS,
  type BillRow,
  type Payment,
  type PaymentAllocation,
} from '@bazaar/shared';
import { IconAlertTriangle, IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useOpenBills } from '../../../api/bills/get-open-bills';
import { useTakePayment } from '../../../api/bills/take-payment';
import { useCustomerLedger } from '../../../api/ledger/ledger';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadPaymentReceipt } from '../../../components/documents/download';
import { notify } from '../../../components/notify';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { numberValue } from './number-value';
import {
  emptyModeDraft,
  modeDraftBody,
  modeDraftProblems,
  PaymentModeFields,
} from './payment-mode-fields';
import { RowsSkeleton } from './rows-skeleton';

type Allocation = 'oldest_first' | 'chosen';

/** The key of the opening balance among the chosen amounts (no bill has id 0). */
const OPENING = 0;

/** An open bill with dues, as the dialog shares a payment over it. */
interface OwingBill {
  bill: BillRow;
  duesPaise: number;
}

/** The preview's rows: each bill that takes part of the payment, with its dues before and after. */
function AllocationPreview({
  owing,
  allocations,
  openingDuesPaise,
  openingPaise,
}: {
  owing: readonly OwingBill[];
  allocations: readonly PaymentAllocation[];
  openingDuesPaise: number;
  openingPaise: number;
}) {
  const billOf = new Map(owing.map((each) => [each.bill.id, each]));
  return (
    <Table.ScrollContainer minWidth={460} type="native">
      <Table withTableBorder striped fz="sm" aria-label="Allocation preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bill-No</Table.Th>
            <Table.Th>Bill date</Table.Th>
            <Table.Th ta="right">Dues</Table.Th>
            <Table.Th ta="right">Paid now</Table.Th>
            <Table.Th ta="right">Dues after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {openingPaise > 0 && (
            <Table.Tr aria-label="Opening balance share">
              <Table.Td>Opening balance</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{formatRupees(openingDuesPaise)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatRupees(openingPaise)}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(openingDuesPaise - openingPaise)}</Table.Td>
            </Table.Tr>
          )}
          {allocations.map((part) => {
            const each = billOf.get(part.billId)!;
            return (
              <Table.Tr key={part.billId} aria-label={`Bill ${billNumberOf(part.billId)} share`}>
                <Table.Td ff="monospace">{billNumberOf(part.billId)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDisplayDate(each.bill.purchasedAt)}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(each.duesPaise)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatRupees(part.amountPaise)}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(each.duesPaise - part.amountPaise)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The chosen-bills table: a checkbox and the amount for each open bill with dues. */
function ChosenBills({
  owing,
  openingDuesPaise,
  chosen,
  onChange,
}: {
  owing: readonly OwingBill[];
  openingDuesPaise: number;
  chosen: ReadonlyMap<number, number | ''>;
  onChange: (next: Map<number, number | ''>) => void;
}) {
  const openingValue = chosen.get(OPENING);
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table withTableBorder striped fz="sm" aria-label="Choose bills">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pay</Table.Th>
            <Table.Th>Bill-No</Table.Th>
            <Table.Th>Bill date</Table.Th>
            <Table.Th ta="right">Dues</Table.Th>
            <Table.Th w={150}>Amount (₹)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {openingDuesPaise > 0 && (
            <Table.Tr>
              <Table.Td>
                <Checkbox
                  aria-label="Pay the opening balance"
                  checked={openingValue !== undefined}
                  onChange={(event) => {
                    const next = new Map(chosen);
                    if (event.currentTarget.checked) next.set(OPENING, openingDuesPaise / 100);
                    else next.delete(OPENING);
                    onChange(next);
                  }}
                />
              </Table.Td>
              <Table.Td colSpan={2}>Opening balance</Table.Td>
              <Table.Td ta="right">{formatRupees(openingDuesPaise)}</Table.Td>
              <Table.Td>
                <NumberInput
                  size="xs"
                  aria-label="Amount for the opening balance"
                  disabled={openingValue === undefined}
                  value={openingValue ?? ''}
                  min={0}
                  decimalScale={2}
                  allowNegative={false}
                  thousandSeparator=","
                  onChange={(entered) => {
                    const next = new Map(chosen);
                    next.set(OPENING, numberValue(entered));
                    onChange(next);
                  }}
                  error={
                    typeof openingValue === 'number' &&
                    rupeesToPaise(openingValue) > openingDuesPaise
                      ? PAYMENT_MESSAGES.openingDuesExceeded(openingDuesPaise)
                      : undefined
                  }
                />
              </Table.Td>
            </Table.Tr>
          )}
          {owing.map(({ bill, duesPaise }) => {
            const number = bill.billNumber;
            const value = chosen.get(bill.id);
            const over =
              typeof value === 'number' && rupeesToPaise(value) > duesPaise
                ? PAYMENT_MESSAGES.billDuesExceeded(number, duesPaise)
                : undefined;
            return (
              <Table.Tr key={bill.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Pay bill ${number}`}
                    checked={value !== undefined}
                    onChange={(event) => {
                      const next = new Map(chosen);
                      if (event.currentTarget.checked) next.set(bill.id, duesPaise / 100);
                      else next.delete(bill.id);
                      onChange(next);
                    }}
                  />
                </Table.Td>
                <Table.Td ff="monospace">{number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDisplayDate(bill.purchasedAt)}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(duesPaise)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={`Amount for bill ${number}`}
                    disabled={value === undefined}
                    value={value ?? ''}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    thousandSeparator=","
                    onChange={(entered) => {
                      const next = new Map(chosen);
                      next.set(bill.id, numberValue(entered));
                      onChange(next);
                    }}
                    error={over}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the dialog shows once the payment is saved: its receipt and the bills it paid. */
function PaymentSaved({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck />} title="Payment saved" role="status">
        <Text fz="sm">
          Receipt <b>{payment.receiptNumber}</b>: {formatRupees(payment.amountPaise)} by{' '}
          {paymentMethodText(payment)}.
        </Text>
      </Alert>
      <Table withTableBorder fz="sm" aria-label="Bills paid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bill-No</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.openingPaise > 0 && (
            <Table.Tr>
              <Table.Td>Opening balance</Table.Td>
              <Table.Td ta="right">{formatRupees(payment.openingPaise)}</Table.Td>
            </Table.Tr>
          )}
          {payment.allocations.map((part) => (
            <Table.Tr key={part.billId}>
              <Table.Td ff="monospace">{part.billNumber}</Table.Td>
              <Table.Td ta="right">{formatRupees(part.amountPaise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
        <DocumentButton
          leftSection={<IconReceipt size={16} aria-hidden="true" />}
          download={() => downloadPaymentReceipt(payment.paymentId)}
        >
          Download receipt
        </DocumentButton>
      </Group>
    </Stack>
  );
}

/** The form inside the dialog: mounted on open, so every opening starts afresh. */
function TakePaymentForm({
  customerId,
  onDone,
  onNetworkError,
}: {
  customerId: number;
  onDone: () => void;
  onNetworkError: (error: unknown) => void;
}) {
  const bills = useOpenBills(customerId, true);
  const ledger = useCustomerLedger(customerId);
  const take = useTakePayment(customerId);
  const [amount, setAmount] = useState<number | ''>('');
  const [method, setMethod] = useState(emptyModeDraft);
  const [allocation, setAllocation] = useState<Allocation>('oldest_first');
  const [chosen, setChosen] = useState<Map<number, number | ''>>(() => new Map());
  const [showErrors, setShowErrors] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string> | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState<Payment | null>(null);

  if (saved) return <PaymentSaved payment={saved} onDone={onDone} />;
  if (bills.isError || ledger.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        The open bills could not be loaded. Close and try again.
      </Alert>
    );
  }
  if (!bills.data || !ledger.data) {
    return <RowsSkeleton label="Loading the open bills" rows={4} />;
  }
  const openingDuesPaise = ledger.data.pages[0]?.openingDuesPaise ?? 0;

  const owing: OwingBill[] = bills.data
    .map((bill) => ({ bill, duesPaise: maxPaymentPaise(bill) }))
    .filter((each) => each.duesPaise > 0);
  const owedPaise = owing.reduce((sum, each) => sum + each.duesPaise, openingDuesPaise);
  if (owedPaise === 0) {
    return (
      <Stack>
        <Text>{PAYMENT_MESSAGES.noOpenBills}.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const amountPaise = typeof amount === 'number' ? rupeesToPaise(amount) : 0;
  const fifo = allocateOpeningThenOldest(
    openingDuesPaise,
    owing.map(({ bill, duesPaise }) => ({ id: bill.id, purchasedAt: bill.purchasedAt, duesPaise })),
    amountPaise,
  );
  const openingChosen = chosen.get(OPENING);
  const chosenOpeningPaise =
    openingDuesPaise > 0 && typeof openingChosen === 'number' ? rupeesToPaise(openingChosen) : 0;
  const chosenParts: PaymentAllocation[] = owing
    .filter(({ bill }) => typeof chosen.get(bill.id) === 'number')
    .map(({ bill }) => ({
      billId: bill.id,
      amountPaise: rupeesToPaise(chosen.get(bill.id) as number),
    }))
    .filter((part) => part.amountPaise > 0);
  const chosenSum = chosenParts.reduce((sum, part) => sum + part.amountPaise, chosenOpeningPaise);
  const chosenOver =
    chosenOpeningPaise > openingDuesPaise ||
    chosenParts.some(
      (part) => part.amountPaise > owing.find((each) => each.bill.id === part.billId)!.duesPaise,
    );

  const amountError =
    amountPaise <= 0
      ? showErrors
        ? PAYMENT_MESSAGES.amountNotPositive
        : undefined
      : allocation === 'oldest_first' && fifo.leftPaise > 0
        ? PAYMENT_MESSAGES.moreThanDues(owedPaise)
        : serverFields?.amountPaise;
  const billsError =
    allocation !== 'chosen'
      ? undefined
      : chosenParts.length === 0 && chosenOpeningPaise === 0
        ? showErrors
          ? PAYMENT_MESSAGES.chooseBills
          : undefined
        : chosenSum !== amountPaise
          ? PAYMENT_MESSAGES.allocationMismatch
          : serverFields?.bills;
  const methodProblems = modeDraftProblems(method);
  const ready =
    amountPaise > 0 &&
    Object.keys(methodProblems).length === 0 &&
    (allocation === 'oldest_first'
      ? fifo.leftPaise === 0
      : (chosenParts.length > 0 || chosenOpeningPaise > 0) &&
        chosenSum === amountPaise &&
        !chosenOver);

  const handleSave = () => {
    setShowErrors(true);
    if (!ready) return;
    setRefusal(null);
    take.mutate(
      {
        amountPaise,
        ...modeDraftBody(method),
        allocation,
        ...(allocation === 'chosen'
          ? {
              ...(chosenParts.length > 0 ? { bills: chosenParts } : {}),
              ...(chosenOpeningPaise > 0 ? { openingPaise: chosenOpeningPaise } : {}),
            }
          : {}),
      },
      {
        onSuccess: (payment) => {
          setSaved(payment);
          void notify({
            color: 'green',
            message: `${PAYMENT_MESSAGES.paymentTaken}: receipt ${payment.receiptNumber}`,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          const message = refusalMessage(error);
          if (message === undefined) {
            onNetworkError(error);
            return;
          }
          if (isApiError(error) && error.fields) setServerFields(error.fields);
          setRefusal(message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {owing.length} open {owing.length === 1 ? 'bill owes' : 'bills owe'}
        {openingDuesPaise > 0 ? ' and the opening balance owe' : ''}{' '}
        <Text span fw={700} c="red.8">
          {formatRupees(owedPaise)}
        </Text>{' '}
        together.
      </Text>
      <NumberInput
        label="Amount (₹)"
        placeholder="0"
        min={0}
        decimalScale={2}
        allowNegative={false}
        thousandSeparator=","
        value={amount}
        onChange={(value) => {
          setAmount(numberValue(value));
          setServerFields(undefined);
          setRefusal(null);
        }}
        error={amountError}
        data-autofocus
      />
      <PaymentModeFields
        value={method}
        onChange={(draft) => {
          setMethod(draft);
          setServerFields(undefined);
        }}
        showErrors={showErrors}
        serverErrors={serverFields}
      />
      <Stack gap={6}>
        <Text fz="sm" fw={500}>
          Apply to
        </Text>
        <SegmentedControl
          aria-label="Apply to"
          data={[
            { value: 'oldest_first', label: 'Oldest bills first' },
            { value: 'chosen', label: 'Chosen bills' },
          ]}
          value={allocation}
          onChange={(value) => setAllocation(value as Allocation)}
          fullWidth
        />
      </Stack>
      {allocation === 'chosen' && (
        <Stack gap={4}>
          <ChosenBills
            owing={owing}
            openingDuesPaise={openingDuesPaise}
            chosen={chosen}
            onChange={setChosen}
          />
          <Text fz="sm" c={billsError ? 'red.8' : 'dimmed'} role={billsError ? 'alert' : undefined}>
            {billsError ?? `Chosen: ${formatRupees(chosenSum)} of ${formatRupees(amountPaise)}`}
          </Text>
        </Stack>
      )}
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          Preview
        </Text>
        {amountPaise <= 0 ? (
          <Text fz="sm" c="dimmed">
            Enter the amount to see which bills it pays.
          </Text>
        ) : (
          <AllocationPreview
            owing={owing}
            allocations={allocation === 'chosen' ? chosenParts : fifo.allocations}
            openingDuesPaise={openingDuesPaise}
            openingPaise={allocation === 'chosen' ? chosenOpeningPaise : fifo.openingPaise}
          />
        )}
      </Stack>
      {refusal && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={take.isPending}>
          Save payment
          {amountPaise > 0
            ? ` (${formatRupees(amountPaise)} ${PAYMENT_MODE_LABELS[method.mode]})`
            : ''}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Take payment (docs/back-office-bills.md "Payments"): an amount, its mode with the mode's
 * details, and how it is shared over the customer's opening balance and open bills: oldest
 * first (the opening balance, then the bills; the preview is the shared
 * `allocateOpeningThenOldest`, as the server computes it) or chosen with an amount each (they must add up to the payment, each at most its dues). Clear messages under each
 * field; Save shows the receipt number, the bills paid and Download receipt. A network failure
 * goes to `onNetworkError`.
 */
export function TakePaymentModal({
  customerId,
  opened,
  onClose,
  onNetworkError,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
  onNetworkError: (error: unknown) => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={720}
      fullScreen={narrow === true}
      title={
        <Text fw={700} fz="lg">
          Take payment
        </Text>
      }
    >
      {opened && (
        <TakePaymentForm customerId={customerId} onDone={onClose} onNetworkError={onNetworkError} />
      )}
    </Modal>
  );
}
