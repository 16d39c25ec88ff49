import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  MarkRefundPaidInputSchema,
  RETURN_REASON_MAX_CHARS,
  SHOP_OFFICE_MESSAGES,
  ShopReasonInputSchema,
  TOAST_AUTO_CLOSE_MS,
  formatRupees,
  type ShopOrderAction,
  type ShopOrderDetail,
} from '@bazaar/shared';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import { useDeliveryStaff, useShopOrder } from '../../../api/shop-orders/get-shop-orders';
import {
  useShopOrderAction,
  type ShopOrderActionInput,
} from '../../../api/shop-orders/shop-order-actions';
import { useMarkShopRefundPaid } from '../../../api/shop-orders/mark-refund-paid';
import { useRetryShopRefund } from '../../../api/shop-orders/retry-refund';
import { notify } from '../../../components/notify';
import { RefundDetails } from '../../../components/orders/refund-details';
import { PageLoader } from '../../../components/page-loader';
import { ReasonModal } from '../../../components/reason-modal';
import { StatusTimeline } from '../../../components/orders/status-timeline';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { ConfirmModal } from '../../../components/confirm-modal';
import { AddressLines, ItemRow } from '../../../components/orders/order-items';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { formatDateTime, paymentLabel } from '../../../components/orders/order-status';

/** The toast after each action. */
const DONE: Record<ShopOrderAction, string> = {
  accept: SHOP_OFFICE_MESSAGES.accepted,
  pack: SHOP_OFFICE_MESSAGES.packed,
  assign: SHOP_OFFICE_MESSAGES.assigned,
  cancel: SHOP_OFFICE_MESSAGES.cancelled,
  approveReturn: SHOP_OFFICE_MESSAGES.returnApproved,
  rejectReturn: SHOP_OFFICE_MESSAGES.returnRejected,
  receiveReturn: SHOP_OFFICE_MESSAGES.returnReceived,
};

/** The action buttons valid for the shipment's status, with their dialogs. */
function OrderActions({ order }: { order: ShopOrderDetail }) {
  const action = useShopOrderAction();
  const [dialog, setDialog] = useState<'cancel' | 'reject' | 'receive' | null>(null);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [technical, setTechnical] = useState(false);
  const canAssign = order.actions.includes('assign');
  const staff = useDeliveryStaff(canAssign);

  const run = (input: Omit<ShopOrderActionInput, 'shipmentId'>) => {
    setRefusal(null);
    setFieldError(undefined);
    action.mutate(
      { shipmentId: order.shipmentId, ...input },
      {
        onSuccess: () => {
          setDialog(null);
          setStaffId(null);
          void notify({
            color: 'green',
            message: DONE[input.action],
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            setFieldError(Object.values(error.fields)[0]);
          } else if (isApiError(error) && [404, 409, 422].includes(error.status)) {
            setDialog(null);
            setRefusal(error.message);
          } else {
            setTechnical(true);
          }
        },
      },
    );
  };

  if (order.actions.length === 0) return null;
  const busy = (name: ShopOrderAction) => action.isPending && action.variables?.action === name;

  return (
    <Stack gap="sm">
      <Title order={4}>Next step</Title>
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      {canAssign && (
        <Group align="flex-end" gap="sm">
          <Select
            label="Delivery staff"
            placeholder={staff.isPending ? 'Loading…' : 'Choose a delivery staff member'}
            data={(staff.data ?? []).map((person) => ({
              value: person.id,
              label: person.mobile ? `${person.name} · ${person.mobile}` : person.name,
            }))}
            value={staffId}
            onChange={setStaffId}
            nothingFoundMessage="No delivery staff available"
            error={
              staff.isError
                ? 'Delivery staff could not be loaded'
                : busy('assign')
                  ? undefined
                  : fieldError
            }
            style={{ flex: '1 1 220px' }}
          />
          <Button
            loading={busy('assign')}
            onClick={() =>
              staffId
                ? run({ action: 'assign', body: { deliveryStaffId: staffId } })
                : setFieldError(SHOP_OFFICE_MESSAGES.chooseDeliveryStaff)
            }
          >
            Hand over to delivery
          </Button>
        </Group>
      )}
      <Group gap="sm">
        {order.actions.includes('accept') && (
          <Button loading={busy('accept')} onClick={() => run({ action: 'accept' })}>
            Accept
          </Button>
        )}
        {order.actions.includes('pack') && (
          <Button loading={busy('pack')} onClick={() => run({ action: 'pack' })}>
            Mark packed
          </Button>
        )}
        {order.actions.includes('approveReturn') && (
          <Button loading={busy('approveReturn')} onClick={() => run({ action: 'approveReturn' })}>
            Approve return
          </Button>
        )}
        {order.actions.includes('rejectReturn') && (
          <Button variant="outline" color="red" onClick={() => setDialog('reject')}>
            Reject return
          </Button>
        )}
        {order.actions.includes('receiveReturn') && (
          <Button color="teal" onClick={() => setDialog('receive')}>
            Receive goods back
          </Button>
        )}
        {order.actions.includes('cancel') && (
          <Button variant="outline" color="red" onClick={() => setDialog('cancel')}>
            Cancel order
          </Button>
        )}
      </Group>

      <ReasonModal
        opened={dialog === 'cancel'}
        title={`Cancel ${order.orderNumber}?`}
        intro="The customer is told by email and the items go back into stock. This cannot be undone."
        label="Reason"
        maxChars={RETURN_REASON_MAX_CHARS}
        schema={ShopReasonInputSchema}
        confirmLabel="Cancel order"
        keepLabel="Keep it"
        pending={busy('cancel')}
        refusal={fieldError ?? null}
        onConfirm={(reason) => run({ action: 'cancel', body: { reason } })}
        onClose={() => setDialog(null)}
      />
      <ReasonModal
        opened={dialog === 'reject'}
        title={`Reject the return of ${order.orderNumber}?`}
        intro="The customer is told by email with your reason."
        label="Reason"
        maxChars={RETURN_REASON_MAX_CHARS}
        schema={ShopReasonInputSchema}
        confirmLabel="Reject return"
        keepLabel="Keep it"
        pending={busy('rejectReturn')}
        refusal={fieldError ?? null}
        onConfirm={(reason) => run({ action: 'rejectReturn', body: { reason } })}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog === 'receive'}
        title="Goods received back?"
        confirmLabel="Yes, received"
        loading={busy('receiveReturn')}
        onConfirm={() => run({ action: 'receiveReturn' })}
        onClose={() => setDialog(null)}
      >
        {`Confirm that the items of ${order.orderNumber} are back in the shop. Their stock is restored.`}
      </ConfirmModal>
      <TechnicalErrorDialog opened={technical} onClose={() => setTechnical(false)} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * The shipment's refund (docs/refunds.md): what is owed and where to, with the whole account
 * number; for a pending cash-on-delivery refund, the UTR of the shop's transfer marks it paid.
 * Razorpay refunds settle by themselves; one Razorpay refused can be retried, after a
 * confirmation.
 */
function RefundSection({ order }: { order: ShopOrderDetail }) {
  const markPaid = useMarkShopRefundPaid();
  const retry = useRetryShopRefund();
  const [confirmingRetry, setConfirmingRetry] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [technical, setTechnical] = useState(false);
  const form = useForm({
    initialValues: { reference: '' },
    validate: schemaResolver(MarkRefundPaidInputSchema, { sync: true }),
  });
  const refund = order.refund;
  if (!refund) return null;
  const manualPending = refund.status === 'pending' && refund.method !== 'razorpay';
  const retryable = refund.status === 'failed' && refund.method === 'razorpay';

  const submitRetry = () => {
    setRefusal(null);
    retry.mutate(
      { shipmentId: order.shipmentId },
      {
        onSuccess: () => {
          setConfirmingRetry(false);
          void notify({
            color: 'green',
            message: 'Refund asked of Razorpay again',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          setConfirmingRetry(false);
          if (isApiError(error) && [400, 404, 409, 422].includes(error.status)) {
            setRefusal(error.message);
          } else {
            setTechnical(true);
          }
        },
      },
    );
  };

  const submit = (reference: string) => {
    setRefusal(null);
    markPaid.mutate(
      { shipmentId: order.shipmentId, reference },
      {
        onSuccess: () => {
          setConfirming(null);
          form.reset();
          void notify({
            color: 'green',
            message: 'Refund marked paid',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          setConfirming(null);
          if (isApiError(error) && error.fields?.reference) {
            form.setFieldError('reference', error.fields.reference);
          } else if (isApiError(error) && [400, 404, 409, 422].includes(error.status)) {
            setRefusal(error.message);
          } else {
            setTechnical(true);
          }
        },
      },
    );
  };

  return (
    <RefundDetails refund={refund}>
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      {manualPending && (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            // The schema's output (trimmed, upper case) is what the dialog shows and sends.
            setConfirming(MarkRefundPaidInputSchema.parse(values).reference),
          )}
          aria-label="Mark refund paid"
        >
          <Group align="flex-start" gap="sm" mt={4} wrap="wrap">
            <TextInput
              label="Transfer reference (UTR)"
              description="After sending the money, enter the UTR your bank or UPI app shows"
              required
              autoComplete="off"
              maxLength={22}
              style={{ flex: '1 1 220px' }}
              {...form.getInputProps('reference')}
            />
            <Button type="submit" color="teal" mt={{ base: 0, xs: 44 }}>
              Mark refund paid
            </Button>
          </Group>
        </form>
      )}
      {retryable && (
        <Group gap="sm" mt={4}>
          <Button color="orange" onClick={() => setConfirmingRetry(true)}>
            Retry refund
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirmingRetry}
        title="Retry this refund?"
        confirmLabel="Yes, retry"
        color="orange"
        loading={retry.isPending}
        onConfirm={submitRetry}
        onClose={() => setConfirmingRetry(false)}
      >
        {`Ask Razorpay again to refund ${formatRupees(refund.amountPaise)} to the customer's original payment method. Razorpay refused the last try${refund.failureReason ? ` (${refund.failureReason})` : ''}; a refund it already made is never paid twice.`}
      </ConfirmModal>
      <ConfirmModal
        opened={confirming !== null}
        title="Refund paid?"
        confirmLabel="Yes, it is paid"
        color="teal"
        loading={markPaid.isPending}
        onConfirm={() => confirming && submit(confirming)}
        onClose={() => setConfirming(null)}
      >
        {`Record that ${formatRupees(refund.amountPaise)} was sent to ${refund.payTo ?? 'the customer'} with UTR ${confirming ?? ''}. The customer is told by email; this cannot be undone.`}
      </ConfirmModal>
      <TechnicalErrorDialog opened={technical} onClose={() => setTechnical(false)} />
    </RefundDetails>
  );
}

/** The shipment's items, customer, address, payment, delivery, reasons and history. */
function OrderDetailBody({ order }: { order: ShopOrderDetail }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text c="dimmed" fz="sm">
          Placed {formatDateTime(order.placedAt)}
        </Text>
        <OrderStatusBadge status={order.status} />
      </Group>
      <OrderActions order={order} />
      <Divider />
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {order.items.map((item) => (
              <ItemRow key={item.productId} line={item} />
            ))}
          </Stack>
          <Group justify="space-between">
            <Text fw={600}>Total of this shop</Text>
            <Text fw={700}>{formatRupees(order.subtotalPaise)}</Text>
          </Group>
        </Stack>
      </Paper>
      <RefundSection key={order.shipmentId} order={order} />
      <Group grow align="flex-start" gap="md" wrap="wrap">
        <Fact label="Customer">
          <Text fz="sm">{order.customerName}</Text>
          <Anchor fz="sm" href={`mailto:${order.customerEmail}`}>
            {order.customerEmail}
          </Anchor>
        </Fact>
        <Fact label="Payment">
          <Text fz="sm">{paymentLabel(order.paymentMethod, order.paymentStatus)}</Text>
        </Fact>
      </Group>
      <Fact label="Delivery address">
        <AddressLines address={order.address} />
      </Fact>
      {order.deliveryStaff && (
        <Fact label="Delivery staff">
          <Text fz="sm">
            {order.deliveryStaff.name}
            {order.deliveryStaff.mobile && ` · ${order.deliveryStaff.mobile}`}
          </Text>
          {order.assignedAt && (
            <Text fz="xs" c="dimmed">
              Handed over {formatDateTime(order.assignedAt)}
            </Text>
          )}
        </Fact>
      )}
      {order.deliveryFailedReason && order.status === 'delivery_failed' && (
        <Fact label="Delivery failed because">
          <Text fz="sm">{order.deliveryFailedReason}</Text>
        </Fact>
      )}
      {order.returnReason && (
        <Fact label="Customer's return reason">
          <Text fz="sm">{order.returnReason}</Text>
        </Fact>
      )}
      {order.returnRejectReason && (
        <Fact label="Return rejected because">
          <Text fz="sm">{order.returnRejectReason}</Text>
        </Fact>
      )}
      <Divider />
      <Title order={4}>Status history</Title>
      <StatusTimeline
        history={order.history}
        status={order.status}
        label={`Status history of ${order.orderNumber}`}
      />
    </Stack>
  );
}

/**
 * The detail drawer of one shipment (docs/shop-office.md): items, its refund (docs/refunds.md),
 * customer, address, payment, the delivery staff member, reasons and the timeline, with the
 * buttons valid for its status.
 * Full screen on phones.
 */
export function ShopOrderDrawer({
  shipmentId,
  title,
  onClose,
}: {
  shipmentId: number | null;
  title: string;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const detail = useShopOrder(shipmentId);
  const notFound = isApiError(detail.error, 404);
  return (
    <Drawer
      opened={shipmentId !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={<Title order={3}>{detail.data?.orderNumber ?? title}</Title>}
    >
      {detail.isPending ? (
        <PageLoader label="Loading the order" />
      ) : notFound ? (
        <Alert color="yellow" variant="light">
          {SHOP_OFFICE_MESSAGES.shipmentNotFound}
        </Alert>
      ) : detail.isError ? (
        <TechnicalErrorAlert onRetry={() => void detail.refetch()} />
      ) : (
        <OrderDetailBody order={detail.data} />
      )}
    </Drawer>
  );
}
