import { randomInt } from 'node:crypto';
import {
  DELIVERY_CODE_LENGTH,
  SHOP_OFFICE_MESSAGES,
  SHOP_OFFICE_PAGE_SIZE,
  SHOP_ORDER_ACTIONS,
  SHOP_ORDER_VIEW_STATUSES,
  shopOrderActionsFor,
  type DeliveryStaffOption,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ShopCustomerPage,
  type ShopOrderDetail,
  type ShopOrderListQuery,
  type ShopOrderPage,
  type ShopOrderView,
  type ShopSummary,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import type { JobRunner } from '../../platform/background-jobs.js';
import {
  markRefundPaid,
  moveShipment,
  notifyShipmentChange,
  openShipmentRefund,
  restoreShipmentStock,
  retryFailedRefund,
  toRefund,
  type MovedShipment,
} from '../orders/index.js';
import * as repo from './fulfilment.repo.js';

export interface FulfilmentDeps {
  db: Db;
  mailer: Mailer;
  /** Woken after a commit that opened or settled a refund (its Razorpay call, its mail). */
  jobs: Pick<JobRunner, 'wake'>;
  storage: FileStorage;
  /** Site origin for the links in customer emails. */
  publicUrl: string;
}

/** A fresh random delivery code: DELIVERY_CODE_LENGTH digits, leading zeros kept ('0427'). */
export function newDeliveryCode(): string {
  return String(randomInt(0, 10 ** DELIVERY_CODE_LENGTH)).padStart(DELIVERY_CODE_LENGTH, '0');
}

function viewOf(status: OrderStatus): ShopOrderView | undefined {
  return (Object.keys(SHOP_ORDER_VIEW_STATUSES) as ShopOrderView[]).find((view) =>
    (SHOP_ORDER_VIEW_STATUSES[view] as readonly OrderStatus[]).includes(status),
  );
}

function rowOf(row: repo.ShopOrderRowData, itemNames: string[]) {
  return {
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    placedAt: row.placedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customerName: row.customerName,
    mobile: row.mobile,
    itemCount: row.itemCount,
    itemNames,
    subtotalPaise: row.subtotalPaise,
    paymentMethod: row.paymentMethod as PaymentMethod,
    paymentStatus: row.paymentStatus as PaymentStatus,
    status: row.status as OrderStatus,
  };
}

/**
 * The shop office's orders and customers (docs/shop-office.md). Every
 * function takes the session's `shopId` (`requireShopId`): another shop's shipment is a 404.
 * Every status change goes through `moveShipment` in one transaction and mails the customer
 * after the commit.
 */
export function createFulfilmentService({ db, mailer, jobs, storage, publicUrl }: FulfilmentDeps) {
  /** One shipment as the detail drawer shows it. @throws AppError NOT_FOUND. */
  async function getOrder(shopId: number, shipmentId: number): Promise<ShopOrderDetail> {
    const [row, refund] = await Promise.all([
      repo.findShopShipment(db, shopId, shipmentId),
      repo.findShipmentRefund(db, shipmentId),
    ]);
    if (!row) throw new AppError('NOT_FOUND', SHOP_OFFICE_MESSAGES.shipmentNotFound);
    const status = row.status as OrderStatus;
    return {
      ...rowOf(
        row,
        row.items.map((item) => item.name),
      ),
      customerEmail: row.customerEmail,
      address: row.address,
      items: row.items.map((item) => ({
        productId: item.productId,
        name: item.name,
        company: item.company,
        sku: item.sku,
        size: item.size,
        colour: item.colour,
        imageUrl: item.thumbnailPath ? storage.urlFor(item.thumbnailPath) : null,
        pricePaise: item.pricePaise,
        mrpPaise: item.mrpPaise,
        quantity: item.quantity,
        lineTotalPaise: item.lineTotalPaise,
      })),
      history: row.events.map((event) => ({
        status: event.status as OrderStatus,
        at: event.at.toISOString(),
        note: event.note,
      })),
      deliveryStaff: row.deliveryStaff,
      assignedAt: row.assignedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      deliveryFailedReason: row.deliveryFailedReason,
      returnReason: row.returnReason,
      returnRejectReason: row.returnRejectReason,
      refund: refund ? toRefund(refund, { forShop: true }) : null,
      actions: shopOrderActionsFor(status),
    };
  }

  /**
   * Runs `change` in one transaction, mails the customer after the commit and answers the
   * shipment as it is now.
   */
  async function change(
    shopId: number,
    shipmentId: number,
    work: (tx: Tx) => Promise<MovedShipment>,
  ): Promise<ShopOrderDetail> {
    const moved = await db.transaction(work);
    await notifyShipmentChange(mailer, moved, publicUrl);
    jobs.wake();
    return getOrder(shopId, shipmentId);
  }

  return {
    /** `GET /api/shop/summary`: counts of the Home tiles (new, returns, history). */
    async summary(shopId: number): Promise<ShopSummary> {
      const totals = { new: 0, returns: 0, history: 0 };
      for (const { status, value } of await repo.countShipmentsByStatus(db, shopId)) {
        const view = viewOf(status as OrderStatus);
        if (view) totals[view] += value;
      }
      return { newOrders: totals.new, returnOrders: totals.returns, orderHistory: totals.history };
    },

    /**
     * `GET /api/shop/orders`: one page (10) of the view's shipments, newest first; `status`
     * narrows within the view (a status outside it answers no rows).
     */
    async listOrders(shopId: number, query: ShopOrderListQuery): Promise<ShopOrderPage> {
      const { view, page } = query;
      const viewStatuses: readonly OrderStatus[] = SHOP_ORDER_VIEW_STATUSES[view];
      const filter: repo.ShopOrderFilter = {
        shopId,
        statuses: query.status
          ? viewStatuses.filter((status) => status === query.status)
          : viewStatuses,
        search: query.search,
        from: query.from,
        to: query.to,
      };
      if (filter.statuses.length === 0) {
        return { items: [], page, pageSize: SHOP_OFFICE_PAGE_SIZE, total: 0, totalPages: 0 };
      }
      const [total, rows] = await Promise.all([
        repo.countShopOrders(db, filter),
        repo.findShopOrders(db, filter, SHOP_OFFICE_PAGE_SIZE, (page - 1) * SHOP_OFFICE_PAGE_SIZE),
      ]);
      const names = await repo.findItemNames(
        db,
        rows.map((row) => row.shipmentId),
      );
      return {
        items: rows.map((row) =>
          rowOf(
            row,
            names.filter((item) => item.shipmentId === row.shipmentId).map((item) => item.name),
          ),
        ),
        page,
        pageSize: SHOP_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / SHOP_OFFICE_PAGE_SIZE),
      };
    },

    getOrder,

    /** `GET /api/shop/delivery-staff`: active delivery staff to hand a shipment to. */
    async deliveryStaff(): Promise<DeliveryStaffOption[]> {
      return repo.findDeliveryStaff(db);
    },

    /** `POST .../accept`: placed -> confirmed. @throws 404; 422 from another status. */
    accept(shopId: number, shipmentId: number) {
      return change(shopId, shipmentId, (tx) =>
        moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.accept,
          to: 'confirmed',
        }),
      );
    },

    /** `POST .../pack`: confirmed -> packed. @throws 404; 422 from another status. */
    pack(shopId: number, shipmentId: number) {
      return change(shopId, shipmentId, (tx) =>
        moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.pack,
          to: 'packed',
        }),
      );
    },

    /**
     * `POST .../assign` `{ deliveryStaffId }`: packed or delivery_failed -> assigned, with the
     * staff member, the time and a fresh random 4-digit delivery code
     * (docs/decisions/0009-shipment-statuses-of-the-shop-office.md).
     * @throws AppError 404 shipment; 400 'This delivery staff member is not available' (not an
     *   active delivery account); 422 from another status.
     */
    assign(shopId: number, shipmentId: number, deliveryStaffId: string) {
      return change(shopId, shipmentId, async (tx) => {
        const staff = await repo.findActiveDeliveryStaff(tx, deliveryStaffId);
        if (!staff) {
          throw new AppError('VALIDATION_FAILED', SHOP_OFFICE_MESSAGES.deliveryStaffNotFound, {
            deliveryStaffId: SHOP_OFFICE_MESSAGES.deliveryStaffNotFound,
          });
        }
        return moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.assign,
          to: 'assigned',
          note: `Handed to ${staff.name}`,
          patch: {
            deliveryStaffId: staff.id,
            assignedAt: new Date(),
            deliveryCode: newDeliveryCode(),
          },
        });
      });
    },

    /**
     * `POST .../cancel` `{ reason }`: placed, confirmed, packed or delivery_failed -> cancelled;
     * the items' stock comes back (once: the move refuses a second cancel) and a paid online
     * order's refund of this shipment is opened. When the whole order is now cancelled, the
     * order records the reason and a paid payment becomes `refunded`, as the customer's cancel
     * does.
     * @throws 404; 422 from another status.
     */
    cancel(shopId: number, shipmentId: number, reason: string) {
      return change(shopId, shipmentId, async (tx) => {
        const moved = await moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.cancel,
          to: 'cancelled',
          note: reason,
        });
        await restoreShipmentStock(tx, [shipmentId], 'cancel');
        // A paid online order's money for this part goes back (docs/refunds.md).
        await openShipmentRefund(tx, shipmentId, 'cancelled');
        if (moved.orderStatus === 'cancelled') {
          const payment = await repo.findOrderPayment(tx, moved.orderId);
          await repo.setOrderPayment(tx, moved.orderId, {
            paymentStatus:
              payment.paymentStatus === 'paid'
                ? 'refunded'
                : (payment.paymentStatus as PaymentStatus),
            cancelledAt: new Date(),
            cancelReason: reason,
          });
        }
        return moved;
      });
    },

    /** `POST .../return/approve`: return_requested -> return_approved. @throws 404; 422. */
    approveReturn(shopId: number, shipmentId: number) {
      return change(shopId, shipmentId, (tx) =>
        moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.approveReturn,
          to: 'return_approved',
          patch: { returnDecidedAt: new Date() },
        }),
      );
    },

    /**
     * `POST .../return/reject` `{ reason }`: return_requested -> return_rejected, the reason kept
     * and written on the history row. @throws 404; 422.
     */
    rejectReturn(shopId: number, shipmentId: number, reason: string) {
      return change(shopId, shipmentId, (tx) =>
        moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.rejectReturn,
          to: 'return_rejected',
          note: reason,
          patch: { returnDecidedAt: new Date(), returnRejectReason: reason },
        }),
      );
    },

    /**
     * `POST .../return/receive`: return_approved -> returned (goods back); the items' stock is
     * restored and the refund opened in the same transaction, exactly once (Razorpay for an
     * online order; cash on delivery waits for `markRefundPaid`). @throws 404; 422.
     */
    receiveReturn(shopId: number, shipmentId: number) {
      return change(shopId, shipmentId, async (tx) => {
        const moved = await moveShipment(tx, {
          shipmentId,
          shopId,
          allowedFrom: SHOP_ORDER_ACTIONS.receiveReturn,
          to: 'returned',
        });
        await restoreShipmentStock(tx, [shipmentId], 'return');
        await openShipmentRefund(tx, shipmentId, 'returned');
        return moved;
      });
    },

    /**
     * `POST .../refund/paid` `{ reference }`: the shop transferred a cash-on-delivery refund and
     * records its UTR; the refund is processed and the customer mailed after the commit.
     * @throws AppError 404 another shop's shipment or no refund; 409 already paid; 422 an online
     *   refund.
     */
    async markRefundPaid(shopId: number, shipmentId: number, reference: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.findShopShipment(tx, shopId, shipmentId))) {
          throw new AppError('NOT_FOUND', SHOP_OFFICE_MESSAGES.shipmentNotFound);
        }
        await markRefundPaid(tx, shipmentId, reference);
      });
      jobs.wake();
      return getOrder(shopId, shipmentId);
    },

    /**
     * `POST .../refund/retry`: a failed Razorpay refund of the shop's shipment is asked of
     * Razorpay again (`retryFailedRefund`: pending, attempt n+1, its own receipt, audited); the
     * job runs after the commit (docs/refunds.md "Retrying a failed refund").
     * @throws AppError 404 another shop's shipment or no refund; 409 REFUND_NOT_FAILED.
     */
    async retryRefund(actor: AuthUser, shopId: number, shipmentId: number) {
      await db.transaction(async (tx) => {
        if (!(await repo.findShopShipment(tx, shopId, shipmentId))) {
          throw new AppError('NOT_FOUND', SHOP_OFFICE_MESSAGES.shipmentNotFound);
        }
        await retryFailedRefund(tx, actor, { shipmentId });
      });
      jobs.wake();
      return getOrder(shopId, shipmentId);
    },

    /**
     * `GET /api/shop/customers?search=&page=`: customers who bought from the shop (shipments
     * neither unpaid nor cancelled), latest buyer first, with order count, last order time and
     * the shop's share they spent (paise).
     */
    async customers(shopId: number, search: string, page: number): Promise<ShopCustomerPage> {
      const [total, rows] = await Promise.all([
        repo.countShopCustomers(db, shopId, search),
        repo.findShopCustomers(
          db,
          shopId,
          search,
          SHOP_OFFICE_PAGE_SIZE,
          (page - 1) * SHOP_OFFICE_PAGE_SIZE,
        ),
      ]);
      return {
        items: rows.map((row) => ({ ...row, lastOrderAt: row.lastOrderAt.toISOString() })),
        page,
        pageSize: SHOP_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / SHOP_OFFICE_PAGE_SIZE),
      };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
