import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  BACK_OFFICE_MESSAGES,
  BILL_MAX_LINES,
  billDateProblem,
  financialYearRangeOf,
  formatRupees,
  indianDateOf,
  gstStateCodeOf,
  lineAmountPaise,
  PURCHASE_CATEGORIES,
  PURCHASE_ITEMS,
  PURCHASE_SIZES,
  PURCHASE_TYPES,
  TOAST_AUTO_CLOSE_MS,
} from '@bazaar/shared';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCreditCheck } from '../../../api/ledger/ledger';
import { useState } from 'react';
import { useCreateBill } from '../../../api/bills/create-bill';
import { notify } from '../../../components/notify';
import { BillItemsTable } from './bill-items-view';
import { MoneyLines } from './money-lines';
import {
  draftAmountPaise,
  emptyLine,
  purchaseMoney,
  withScannedLine,
  type PurchaseLineDraft,
} from './purchase-lines';
import { ScanBarcodeField } from './scan-barcode-field';
import { numberValue } from './number-value';
import {
  emptyModeDraft,
  modeDraftBody,
  modeDraftProblems,
  PaymentModeFields,
} from './payment-mode-fields';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { isApiError } from '../../../api/api-client';

/** The 'Purchase not done' dialog (title Confirmed, error icon, Close): the server's reason too. */
function PurchaseNotDoneModal({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={reason !== null}
      onClose={onClose}
      centered
      title={
        <Text fw={700} fz="lg">
          {BACK_OFFICE_MESSAGES.customerCreatedTitle}
        </Text>
      }
    >
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
        <Text fw={700}>{BACK_OFFICE_MESSAGES.purchaseNotDone}</Text>
        {reason && <Text fz="sm">{reason}</Text>}
      </Alert>
      <Group justify="flex-end" mt="lg">
        <Button color="red" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

/** One item line: item, category, type, size, quantity, rate (rupees), its amount, remove. */
function LineFields({
  line,
  index,
  canRemove,
  onChange,
  onRemove,
}: {
  line: PurchaseLineDraft;
  index: number;
  canRemove: boolean;
  onChange: (patch: Partial<PurchaseLineDraft>) => void;
  onRemove: () => void;
}) {
  const amount = draftAmountPaise(line);
  const label = `item ${index + 1}`;
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-label={`Item line ${index + 1}`}>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs" verticalSpacing="xs">
        <Select
          label="Item"
          aria-label={`Item of ${label}`}
          placeholder="Choose"
          data={PURCHASE_ITEMS}
          value={line.item}
          onChange={(value) => onChange({ item: value as PurchaseLineDraft['item'] })}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Category"
          aria-label={`Category of ${label}`}
          placeholder="Choose"
          data={PURCHASE_CATEGORIES}
          value={line.category}
          onChange={(value) => onChange({ category: value as PurchaseLineDraft['category'] })}
        />
        <Select
          label="Type"
          aria-label={`Type of ${label}`}
          placeholder="Choose"
          data={PURCHASE_TYPES}
          value={line.type}
          onChange={(value) => onChange({ type: value as PurchaseLineDraft['type'] })}
        />
        <Select
          label="Size"
          aria-label={`Size of ${label}`}
          placeholder="Choose"
          data={PURCHASE_SIZES}
          value={line.size}
          onChange={(value) => onChange({ size: value as PurchaseLineDraft['size'] })}
        />
        <NumberInput
          label="Quantity"
          aria-label={`Quantity of ${label}`}
          placeholder="Pieces"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={line.quantity}
          onChange={(value) => onChange({ quantity: numberValue(value) })}
        />
        <NumberInput
          label="Rate (₹)"
          aria-label={`Rate of ${label}`}
          placeholder="Per piece"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={line.rateRupees}
          onChange={(value) => onChange({ rateRupees: numberValue(value) })}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Text fz="sm">
          Amount:{' '}
          <Text span fw={700} data-line-amount={index + 1}>
            {amount === null ? '—' : formatRupees(amount)}
          </Text>
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove ${label}`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Fields whose server message shows under the field itself, not in 'Purchase not done'. */
const FIELD_MESSAGES = [
  'billDate',
  'mode',
  'reference',
  'chequeNumber',
  'chequeBank',
  'chequeDate',
];

/** Whether every field the server refused has its message under its own field. */
function shownByFields(fields: Record<string, string> | undefined): boolean {
  return fields !== undefined && Object.keys(fields).every((name) => FIELD_MESSAGES.includes(name));
}

/** The form inside the modal: mounted on open, so opening and closing start it afresh. */
function AddPurchaseForm({
  customerId,
  customerState,
  onDone,
  onNetworkError,
}: {
  customerId: number;
  customerState: string | undefined;
  onDone: () => void;
  onNetworkError: (error: unknown) => void;
}) {
  const [lines, setLines] = useState<PurchaseLineDraft[]>(() => [emptyLine()]);
  const [gstApplied, setGstApplied] = useState(false);
  const [received, setReceived] = useState<number | ''>('');
  const [method, setMethod] = useState(emptyModeDraft);
  const [showMethodErrors, setShowMethodErrors] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string> | undefined>();
  const [notDone, setNotDone] = useState<string | null>(null);
  const today = indianDateOf(new Date());
  const [billDate, setBillDate] = useState(today);
  const billDateError = billDateProblem(billDate, today);
  const create = useCreateBill();
  // Place of supply = where the goods go: the customer's state (docs/gst.md "Place of supply").
  const placeOfSupplyCode = customerState ? gstStateCodeOf(customerState) : undefined;
  const money = purchaseMoney(
    lines,
    gstApplied,
    received,
    placeOfSupplyCode,
    billDateError ? undefined : billDate,
  );
  const receivedTooLarge = money.receivedPaise > money.totalPaise;
  // The dues this bill adds, checked against the customer's credit limit once typing pauses.
  const [newDuesPaise] = useDebouncedValue(Math.max(0, money.duesPaise), 400);
  const creditCheck = useCreditCheck(customerId, newDuesPaise, newDuesPaise > 0);
  // docs/back-office-bills.md: at least one item and a total above 0.
  const canSubmit =
    money.complete.length > 0 && money.totalPaise > 0 && !receivedTooLarge && !billDateError;

  const updateLine = (key: number, patch: Partial<PurchaseLineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const paying = money.receivedPaise > 0;
  const handleSubmit = () => {
    if (!canSubmit) return;
    if (paying && Object.keys(modeDraftProblems(method)).length > 0) {
      setShowMethodErrors(true);
      return;
    }
    create.mutate(
      {
        customerId,
        input: {
          lines: money.complete,
          gstApplied,
          receivedPaise: money.receivedPaise,
          ...(paying ? modeDraftBody(method) : {}),
          ...(billDate !== today ? { billDate } : {}),
        },
      },
      {
        onSuccess: () => {
          onDone();
          void notify({
            color: 'green',
            message: BACK_OFFICE_MESSAGES.purchased,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          const reason = refusalMessage(error);
          if (reason === undefined) onNetworkError(error);
          else if (isApiError(error, 400) && shownByFields(error.fields)) {
            setServerFields(error.fields);
          } else setNotDone(reason);
        },
      },
    );
  };

  // A scanned label adds its item and size, or one more piece of it (docs/back-office-bills.md
  // "Scanner"). The update reads the newest lines, so two quick scans both count; the lines of
  // this render are enough to refuse a line past the most a bill may have.
  const handleScanned = (row: Parameters<typeof withScannedLine>[1]): string | null => {
    if (withScannedLine(lines, row, BILL_MAX_LINES) === null) {
      return `At most ${BILL_MAX_LINES} items on one bill`;
    }
    setLines((current) => withScannedLine(current, row, BILL_MAX_LINES) ?? current);
    setServerFields(undefined);
    return null;
  };

  return (
    <Stack gap="md">
      <ScanBarcodeField onScanned={handleScanned} onError={onNetworkError} />
      <Stack gap="xs">
        {lines.map((line, index) => (
          <LineFields
            key={line.key}
            line={line}
            index={index}
            canRemove={lines.length > 1}
            onChange={(patch) => updateLine(line.key, patch)}
            onRemove={() => setLines((current) => current.filter((each) => each.key !== line.key))}
          />
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setLines((current) => [...current, emptyLine()])}
            disabled={lines.length >= BILL_MAX_LINES}
          >
            Add item
          </Button>
        </Group>
      </Stack>

      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="xs">
          <TextInput
            type="date"
            label="Bill date"
            description={
              billDate === today
                ? 'Today'
                : 'An earlier day of this financial year: recorded in the audit trail'
            }
            value={billDate}
            min={financialYearRangeOf(today).from}
            max={today}
            onChange={(event) => setBillDate(event.currentTarget.value)}
            error={billDateError ?? serverFields?.billDate}
          />
          <Button
            variant={gstApplied ? 'outline' : 'filled'}
            color={gstApplied ? 'red' : 'teal'}
            onClick={() => setGstApplied((current) => !current)}
          >
            {gstApplied ? 'Remove GST' : 'Apply GST'}
          </Button>
          <Text fz="sm" c="dimmed" data-testid="document-kind">
            {gstApplied
              ? `Tax Invoice — ${money.interState ? 'IGST (another state)' : 'CGST + SGST'}, rate by value per piece`
              : 'Bill of Supply — no GST'}
          </Text>
          <NumberInput
            label="Amount received (₹)"
            placeholder="0"
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            value={received}
            onChange={(value) => setReceived(numberValue(value))}
            error={receivedTooLarge ? BACK_OFFICE_MESSAGES.paymentTooLarge : undefined}
          />
          {paying && (
            <PaymentModeFields
              value={method}
              onChange={(draft) => {
                setMethod(draft);
                setServerFields(undefined);
              }}
              showErrors={showMethodErrors}
              serverErrors={serverFields}
            />
          )}
        </Stack>
        <MoneyLines
          aria-label="Purchase totals"
          rows={[
            ['Amount', money.amountPaise],
            ...money.taxRows.map((row) => [row.label, row.paise] as const),
            ['GST', money.gstPaise],
            ['Total', money.totalPaise],
            ['Received', money.receivedPaise],
            ['Dues', money.duesPaise],
          ]}
        />
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} fz="md">
          Preview
        </Title>
        {money.complete.length === 0 ? (
          <Text c="dimmed" fz="sm">
            Fill in an item line to see it here.
          </Text>
        ) : (
          <BillItemsTable
            label="Purchase preview"
            items={money.complete.map((line) => ({
              ...line,
              amountPaise: lineAmountPaise(line),
            }))}
            rates={gstApplied ? money.rates : undefined}
          />
        )}
      </Stack>

      {creditCheck.data?.exceeds && money.duesPaise > 0 && (
        // A warning, never a block (docs/back-office-ledger.md "Credit limit").
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Above the credit limit"
        >
          {creditCheck.data.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleSubmit} disabled={!canSubmit} loading={create.isPending}>
          Submit
        </Button>
      </Group>
      <PurchaseNotDoneModal reason={notDone} onClose={() => setNotDone(null)} />
    </Stack>
  );
}

/**
 * Add New Purchase (docs/back-office-bills.md, docs/gst.md): item lines from the spec's
 * option lists with add and remove, quantity x rate per line, Apply GST / Remove GST, amount
 * received and dues (money through the shared `billTaxPreview`: each line's rate by its value
 * per piece, CGST + SGST or IGST by the customer's state `customerState`, tax rows by rate; with
 * GST off it says 'Bill of Supply — no GST'), the bill date (today by default; an earlier day of
 * the open financial year, never a future one, with the shared rule's message), how the amount received was paid (`PaymentModeFields`,
 * shown once an amount is entered), and the preview table with each line's rate. Submit only
 * with a complete line and a total above 0. 'Purchased successfully' on success; a refusal (not
 * enough stock) shows 'Purchase not done' with the server's reason; a network failure the error
 * dialog (`onNetworkError`). Everything resets on open and on close.
 */
export function AddPurchaseModal({
  customerId,
  customerState,
  opened,
  onClose,
  onNetworkError,
}: {
  customerId: number;
  /** The customer's state (its place of supply); undefined = the supplier's state. */
  customerState?: string | undefined;
  opened: boolean;
  onClose: () => void;
  onNetworkError: (error: unknown) => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={1100}
      fullScreen={narrow === true}
      title={
        <Text fw={700} fz="lg">
          Add New Purchase
        </Text>
      }
    >
      {opened && (
        <AddPurchaseForm
          customerId={customerId}
          customerState={customerState}
          onDone={onClose}
          onNetworkError={onNetworkError}
        />
      )}
    </Modal>
  );
}
