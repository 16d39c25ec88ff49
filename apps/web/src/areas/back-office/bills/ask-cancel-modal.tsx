import { Badge, Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import {
  BILL_CANCEL_REQUEST_MESSAGES,
  CancelBillInputSchema,
  TOAST_AUTO_CLOSE_MS,
  billNumberOf,
  formatDisplayDate,
  type BillCancelRequest,
  type BillRow,
} from '@bazaar/shared';
import { useState } from 'react';
import {
  useBillCancelRequests,
  useRequestBillCancel,
} from '../../../api/bill-cancel-requests/bill-cancel-requests';
import { notify } from '../../../components/notify';
import { refusalMessage } from '../../../components/technical-error-dialog';

const STATE: Record<BillCancelRequest['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for the admin', color: 'yellow' },
  approved: { label: 'Approved: bill cancelled', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** One request of the bill: its state, reason, who asked and how the admin decided. */
function RequestState({ request }: { request: BillCancelRequest }) {
  const state = STATE[request.status];
  return (
    <Stack gap={2} data-testid="cancel-request-state">
      <Group gap="xs">
        <Badge color={state.color} variant="light">
          {state.label}
        </Badge>
        <Text fz="xs" c="dimmed">
          {request.requestedBy.name}, {formatDisplayDate(request.requestedAt)}
        </Text>
      </Group>
      <Text fz="sm">Reason: {request.reason}</Text>
      {request.rejectReason && (
        <Text fz="sm" c="red.8">
          Admin: {request.rejectReason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The employee's Ask to cancel dialog (docs/back-office-bills.md "Cancel requests"): the bill's
 * cancel requests with their state, and, when none is waiting and the bill is not cancelled, a
 * reason (5-500 characters, `CancelBillInputSchema` as on the server) to send to the admin. The
 * bill is unchanged until the admin approves.
 */
export function AskCancelModal({
  bill,
  onClose,
  onError,
}: {
  bill: BillRow | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const requests = useBillCancelRequests(bill?.id ?? null);
  const ask = useRequestBillCancel();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  const items = requests.data?.items ?? [];
  const pending = items.some((request) => request.status === 'pending');
  const canAsk = bill !== null && bill.status !== 'cancelled' && !pending;

  const handleSend = () => {
    if (!bill) return;
    const parsed = CancelBillInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    ask.mutate(
      { billId: bill.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReason('');
          setProblem(null);
          void notify({
            color: 'green',
            message: BILL_CANCEL_REQUEST_MESSAGES.requested,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          const refused = refusalMessage(error);
          if (refused === undefined) {
            close();
            onError(error);
          } else setProblem(refused);
        },
      },
    );
  };

  return (
    <Modal
      opened={bill !== null}
      onClose={close}
      centered
      title={bill ? `Ask to cancel bill ${billNumberOf(bill.id)}` : 'Ask to cancel'}
    >
      <Stack gap="md">
        {requests.isPending ? (
          <Skeleton h={48} />
        ) : (
          items.map((request) => <RequestState key={request.id} request={request} />)
        )}
        {canAsk ? (
          <>
            <Text fz="sm">
              The admin decides: the bill stays as it is until a cancel is approved.
            </Text>
            <Textarea
              label="Reason for cancelling"
              placeholder="Entered twice by mistake"
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
              data-autofocus
            />
          </>
        ) : (
          bill?.status === 'cancelled' && !pending && <Text fz="sm">This bill is cancelled.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          {canAsk && (
            <Button color="red" loading={ask.isPending} onClick={handleSend}>
              Send to the admin
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
