import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CREDIT_NOTE_REASON_TEXTS,
  TOAST_AUTO_CLOSE_MS,
  creditNotePreview,
  creditableLinesOf,
  formatRupees,
  indianDateOf,
  rupeesToPaise,
  type BillDetail,
  type CreditNoteLineInput,
  type CreditNoteReason,
} from '@bazaar/shared';
import { useMemo, useState } from 'react';
import { issueCreditNote } from '../../../api/credit-notes/issue-credit-note';
import { getBill } from '../../../api/bills/get-bill';
import { notify } from '../../../components/notify';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { MoneyLines } from './money-lines';

/** What the user typed per invoice line: pieces (goods returned) or rupees (price correction). */
type Entries = Record<number, number | undefined>;

/**
 * The lines to send: the invoice lines with a positive entry, in invoice order. A price
 * correction sends quantity 1 and the amount in paise.
 */
function linesOf(reason: CreditNoteReason, entries: Entries): CreditNoteLineInput[] {
  return Object.entries(entries)
    .map(([lineNumber, value]) => ({ lineNumber: Number(lineNumber), value }))
    .filter((entry): entry is { lineNumber: number; value: number } => (entry.value ?? 0) > 0)
    .sort((a, b) => a.lineNumber - b.lineNumber)
    .map(({ lineNumber, value }) =>
      reason === 'goods_returned'
        ? { lineNumber, quantity: Math.trunc(value) }
        : { lineNumber, quantity: 1, amountPaise: rupeesToPaise(value) },
    );
}

/**
 * The Credit note dialog of a bill (admin; docs/gst.md "Credit notes"): the reason (goods
 * returned or price correction), per invoice line the pieces returned or the taxable value to
 * credit (with what is left of the line after earlier credit notes), an optional note, and a live
 * preview of the credit note's taxable value, tax and total by the one tax engine at each line's
 * invoice rate and the invoice's place of supply. Confirm issues it; the server's field errors
 * show on their lines, other refusals above the buttons. After issuing, the bill is read again
 * and handed to `onIssued`.
 */
export function CreditNoteModal({
  bill,
  opened,
  onClose,
  onIssued,
}: {
  bill: BillDetail;
  opened: boolean;
  onClose: () => void;
  onIssued: (updated: BillDetail) => void;
}) {
  const [reason, setReason] = useState<CreditNoteReason>('goods_returned');
  const [entries, setEntries] = useState<Entries>({});
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const invoice = bill.invoice;
  const left = useMemo(
    () => (invoice ? creditableLinesOf(invoice, bill.creditNotes) : []),
    [invoice, bill.creditNotes],
  );
  const lines = linesOf(reason, entries);
  const preview = invoice
    ? creditNotePreview(invoice, reason, lines, indianDateOf(new Date()))
    : undefined;

  const reset = () => {
    setEntries({});
    setNote('');
    setFieldErrors({});
    setFailure(null);
  };
  const close = () => {
    reset();
    setReason('goods_returned');
    onClose();
  };

  /** Field errors of the server name `lines.{index}.*` of the lines sent: map them to lines. */
  const errorOf = (lineNumber: number): string | undefined => fieldErrors[`line:${lineNumber}`];

  const submit = async () => {
    if (!invoice || lines.length === 0) return;
    setPending(true);
    setFieldErrors({});
    setFailure(null);
    const sent = lines;
    try {
      await issueCreditNote(bill.id, {
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        lines: sent,
      });
      const updated = await getBill(bill.id);
      void notify({
        color: 'green',
        message: 'Credit note issued',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      reset();
      setReason('goods_returned');
      onIssued(updated);
    } catch (error) {
      const fields =
        error && typeof error === 'object' && 'fields' in error
          ? (error as { fields?: Record<string, string> }).fields
          : undefined;
      const mapped: Record<string, string> = {};
      let other: string | null = null;
      for (const [path, message] of Object.entries(fields ?? {})) {
        const match = /^lines\.(\d+)\./.exec(path);
        const line = match ? sent[Number(match[1])] : undefined;
        if (line) mapped[`line:${line.lineNumber}`] = message;
        else if (path === 'note') mapped.note = message;
        else other ??= message;
      }
      setFieldErrors(mapped);
      if (Object.keys(mapped).length === 0 || other) {
        setFailure(other ?? refusalMessage(error) ?? 'The credit note could not be issued');
      }
    } finally {
      setPending(false);
    }
  };

  const taxRows: [string, number][] = preview
    ? [
        ['Taxable value', preview.totals.taxableValuePaise],
        ...(preview.interState
          ? ([['IGST', preview.totals.igstPaise]] as [string, number][])
          : ([
              ['CGST', preview.totals.cgstPaise],
              ['SGST', preview.totals.sgstPaise],
            ] as [string, number][])),
        ['Credit note total', preview.totals.totalPaise],
      ]
    : [];

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      title={invoice ? `Credit note against ${invoice.snapshot.number}` : 'Credit note'}
    >
      {!invoice ? (
        <Text>This bill has no issued invoice yet.</Text>
      ) : (
        <Stack gap="md">
          <SegmentedControl
            aria-label="Reason"
            value={reason}
            onChange={(value) => {
              setReason(value as CreditNoteReason);
              setEntries({});
              setFieldErrors({});
              setFailure(null);
            }}
            data={[
              { value: 'goods_returned', label: CREDIT_NOTE_REASON_TEXTS.goods_returned },
              { value: 'price_correction', label: CREDIT_NOTE_REASON_TEXTS.price_correction },
            ]}
          />
          <Table.ScrollContainer minWidth={640} type="native">
            <Table withTableBorder aria-label="Invoice lines to credit">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>S.No</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Sold</Table.Th>
                  <Table.Th ta="right">Rate</Table.Th>
                  <Table.Th ta="right">GST %</Table.Th>
                  <Table.Th ta="right">Left to credit</Table.Th>
                  <Table.Th>
                    {reason === 'goods_returned' ? 'Pieces returned' : 'Amount (₹, before GST)'}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.snapshot.lines.map((line) => {
                  const rest = left.find((entry) => entry.lineNumber === line.lineNumber);
                  const label =
                    reason === 'goods_returned'
                      ? `Pieces returned of line ${line.lineNumber}`
                      : `Amount to credit of line ${line.lineNumber}`;
                  return (
                    <Table.Tr key={line.lineNumber}>
                      <Table.Td>{line.lineNumber}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{line.description}</Text>
                        {line.details && (
                          <Text fz="xs" c="dimmed">
                            {line.details}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{line.quantity}</Table.Td>
                      <Table.Td ta="right">{formatRupees(line.unitPricePaise)}</Table.Td>
                      <Table.Td ta="right">{line.ratePercent}</Table.Td>
                      <Table.Td ta="right">
                        {reason === 'goods_returned'
                          ? `${rest?.piecesLeft ?? 0} pcs`
                          : formatRupees(rest?.taxableLeftPaise ?? 0)}
                      </Table.Td>
                      <Table.Td miw={150}>
                        <NumberInput
                          aria-label={label}
                          min={0}
                          {...(reason === 'goods_returned'
                            ? { max: rest?.piecesLeft ?? 0, allowDecimal: false }
                            : { decimalScale: 2 })}
                          allowNegative={false}
                          value={entries[line.lineNumber] ?? ''}
                          onChange={(value) =>
                            setEntries((current) => ({
                              ...current,
                              [line.lineNumber]: typeof value === 'number' ? value : undefined,
                            }))
                          }
                          error={errorOf(line.lineNumber)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TextInput
            label="Note (optional)"
            placeholder="Torn seams on two pieces"
            maxLength={300}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={fieldErrors.note}
          />
          <MoneyLines aria-label="Credit note preview" rows={taxRows} />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Keep the bill as it is
            </Button>
            <Button onClick={() => void submit()} loading={pending} disabled={lines.length === 0}>
              Issue credit note
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
