import {
  CANCELLATION_DAYS_LIFESTYLE,
  DELIVERY_ACTIVE_STATUSES,
  ORDER_CANCELLABLE_STATUSES,
  ORDER_DELIVERY_DAYS,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  SHOPPING_MESSAGES,
  cartTotals,
  orderStatusOf,
  stockConflictMessage,
  type Order,
  type OrderPage,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import * as repo from './orders.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETURN_WINDOW_MS = CANCELLATION_DAYS_LIFESTYLE * DAY_MS;

/** Today's date in India as YYYY-MM-DD ('en-CA' writes that order); built once, not per order. */
const INDIAN_CALENDAR_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Indian calendar date `days` after `now`, as YYYY-MM-DD (the promised delivery day). */
export function deliveryDateFrom(now: Date, days = ORDER_DELIVERY_DAYS): string {
  const today = INDIAN_CALENDAR_DATE.format(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What `reserveAndCreateOrder` needs: whose cart, which saved address, how it is paid. */
export interface CreateOrderInput {
  userId: string;
  addressId: number;
  paymentMethod: PaymentMethod;
  /** `placed` for cash on delivery, `payment_pending` for a Razorpay order not paid yet. */
  initialStatus: 'placed' | 'payment_pending';
}

/** The created order's identity and amount (paise), e.g. for the Razorpay order. */
export interface CreatedOrder {
  id: number;
  orderNumber: string;
  totalPaise: number;
}

/** A just-placed order: its identity and amount, and everything its Order answer shows. */
export interface PlacedOrder extends CreatedOrder {
  view: OrderView;
}

/**
 * Turns the customer's cart into an order inside `tx` (docs/orders.md "Model"; issue 6 items 4-5;
 * docs/decisions/0011-checkout-in-four-statements.md). Four statements: locks the customer's row
 * (a double submit runs one after the other) reading the saved address with it; reads the cart
 * with its products, locking them in product id order (two checkouts never deadlock) so their
 * stock is the latest and stays put; skips unavailable lines (archived or sold out) and refuses
 * a line whose stock is short; then one statement takes the stock, writes the order, one
 * shipment per shop with its items and a first history row (`initialStatus`), and removes the
 * ordered lines from the cart. Totals come from `cartTotals` over live prices (paise). On any
 * error nothing is written, provided the caller lets the transaction roll back.
 * @returns the order's id, number and total, and `view`: what `toOrder` needs to answer it
 *   without reading it back.
 * @throws AppError NOT_FOUND 'Address not found' (also another customer's address);
 *   VALIDATION_FAILED 'Your cart is empty' when the cart holds no line or only archived ones;
 *   CONFLICT 'Only N left of {name}' / '{name} is out of stock' when stock ran short (also when
 *   every line left is sold out).
 */
export async function reserveAndCreateOrder(tx: Tx, input: CreateOrderInput): Promise<PlacedOrder> {
  const { userId } = input;
  const customer = await repo.lockCustomerWithAddress(tx, userId, input.addressId);
  const address = customer?.address;
  if (!customer || !address) throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.addressNotFound);

  const locked = await repo.lockCartLines(tx, userId);
  // Shown and stored in the cart's order: oldest line first (the locks were taken by product id).
  const cart = [...locked].sort(
    (a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.productId - b.productId,
  );
  const lines = cart.filter((row) => row.archivedAt === null && row.stockQuantity > 0);
  if (lines.length === 0) {
    // Lost the race for the last units (or the cart holds only sold-out products): say so, as
    // the reservation would, rather than calling a cart with products in it empty.
    const soldOut = cart.find((row) => row.archivedAt === null);
    if (soldOut) throw new AppError('CONFLICT', stockConflictMessage(soldOut.name, 0));
    throw new AppError('VALIDATION_FAILED', ORDER_MESSAGES.emptyCart);
  }
  // The stock read under the row locks is final for this transaction: refuse a short line now.
  const short = lines.find((line) => line.stockQuantity < line.quantity);
  if (short) throw new AppError('CONFLICT', stockConflictMessage(short.name, short.stockQuantity));

  const totals = cartTotals(lines);
  const now = new Date();
  const order = {
    userId,
    status: input.initialStatus,
    paymentMethod: input.paymentMethod,
    paymentStatus: 'pending' as const,
    // An address saved without a recipient shows the account's (as the addresses module does).
    recipientName: address.recipientName ?? customer.accountName,
    mobile: address.mobile ?? customer.accountMobile ?? '',
    locality: address.locality,
    landmark: address.landmark,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
    country: address.country,
    ...totals,
    deliveryDate: deliveryDateFrom(now),
    placedAt: now,
  };

  const byShop = new Map<number, { shopName: string; items: repo.NewOrderItem[] }>();
  for (const line of lines) {
    const shop = byShop.get(line.shopId) ?? { shopName: line.shopName, items: [] };
    shop.items.push({
      productId: line.productId,
      name: line.name,
      company: line.company,
      size: line.size,
      colour: line.colour,
      thumbnailPath: line.thumbnailPath,
      pricePaise: line.pricePaise,
      mrpPaise: Math.max(line.mrpPaise, line.pricePaise),
      quantity: line.quantity,
      lineTotalPaise: line.pricePaise * line.quantity,
    });
    byShop.set(line.shopId, shop);
  }
  const parts = [...byShop].map(([shopId, shop]) => ({ shopId, ...shop }));
  const written = await repo.writeOrder(tx, order, parts);

  const shipmentsOut = parts.map((part) => ({
    id: written.shipmentIds.get(part.shopId)!,
    shopId: part.shopId,
    shopName: part.shopName,
    status: input.initialStatus,
    subtotalPaise: part.items.reduce((sum, item) => sum + item.lineTotalPaise, 0),
    deliveredAt: null,
    returnReason: null,
    deliveryCode: null,
    deliveryStaffName: null,
    deliveryStaffMobile: null,
  }));
  const view: OrderView = {
    order: { ...order, id: written.id, orderNumber: written.orderNumber },
    // Shipments by id, as a read of the order lists them.
    shipments: shipmentsOut.sort((a, b) => a.id - b.id),
    items: parts.flatMap((part) =>
      part.items.map((item) => ({
        ...item,
        thumbnailPath: item.thumbnailPath ?? null,
        shipmentId: written.shipmentIds.get(part.shopId)!,
      })),
    ),
    events: shipmentsOut.map((shipment) => ({
      shipmentId: shipment.id,
      status: input.initialStatus,
      at: now,
      note: null,
    })),
  };
  return { id: written.id, orderNumber: written.orderNumber, totalPaise: totals.totalPaise, view };
}

/** An order's identity and where it and its money stand, as the payments module needs them. */
export interface OrderState extends CreatedOrder {
  userId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

function stateOf(row: repo.OrderRow): OrderState {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    totalPaise: row.totalPaise,
    userId: row.userId,
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
  };
}

/**
 * Records a verified Razorpay payment inside `tx` (docs/orders.md "Razorpay"): a
 * `payment_pending` order becomes `placed` (each shipment too, with a history row) and
 * `paymentStatus` `paid`. Idempotent and never moves backwards: an order already paid (or
 * refunded) is answered unchanged. A payment arriving for an order already released or cancelled
 * is recorded (`paid`, payment id) while the order stays cancelled, so the office can refund it.
 * @throws AppError NOT_FOUND 'Order not found'.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: number,
  payment: { razorpayPaymentId: string },
): Promise<OrderState> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return stateOf(order);

  const paid = {
    paymentStatus: 'paid' as const,
    razorpayPaymentId: payment.razorpayPaymentId,
    paidAt: new Date(),
  };
  if (order.status === 'payment_pending') {
    const pending = (await repo.lockShipments(tx, orderId)).filter(
      (shipment) => shipment.status === 'payment_pending',
    );
    await repo.setShipmentStatus(
      tx,
      orderId,
      pending.map((shipment) => shipment.id),
      'placed',
      null,
    );
    const status = orderStatusOf(await repo.findShipmentStatuses(tx, orderId));
    await repo.updateOrder(tx, orderId, { ...paid, status });
    return stateOf({ ...order, ...paid, status });
  }
  await repo.updateOrder(tx, orderId, paid);
  return stateOf({ ...order, ...paid });
}

/**
 * Gives back the stock of the given shipments' items inside `tx`, in product id order (no
 * deadlocks): the customer's cancel, the unpaid release, and the shop office's cancel and
 * received return (modules/fulfilment). The caller makes sure it runs once per shipment (the
 * status move in the same transaction refuses a second time).
 */
export async function restoreShipmentStock(tx: Tx, shipmentIds: readonly number[]): Promise<void> {
  for (const item of await repo.findItemQuantities(tx, shipmentIds)) {
    await repo.restoreStock(tx, item.productId, item.quantity);
  }
}

/**
 * Puts an unpaid order's lines back into its customer's cart (docs/orders.md "Razorpay"): what
 * a released or failed online payment leaves the customer with, so nothing they chose is lost.
 */
export async function restoreOrderToCart(db: Db | Tx, userId: string, orderId: number) {
  await repo.restoreCartLines(db, userId, orderId);
}

/**
 * Releases Razorpay orders left unpaid for more than `olderThanMinutes` (docs/orders.md
 * "Model": 30 minutes): stock back, every shipment and the order `cancelled` with a history row,
 * payment `failed`, and the lines back in the customer's cart. Each order in its own
 * transaction, re-checked under its lock, so a payment confirmed meanwhile wins.
 * @returns how many orders were released.
 */
export async function releaseUnpaidOrders(db: Db, olderThanMinutes: number): Promise<number> {
  const before = new Date(Date.now() - olderThanMinutes * 60_000);
  let released = 0;
  for (const orderId of await repo.findUnpaidOrderIds(db, before)) {
    const done = await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (order?.status !== 'payment_pending' || order.paymentStatus !== 'pending') return false;
      const shipmentIds = (await repo.lockShipments(tx, orderId))
        .filter((shipment) => shipment.status !== 'cancelled')
        .map((shipment) => shipment.id);
      await restoreShipmentStock(tx, shipmentIds);
      await repo.setShipmentStatus(
        tx,
        orderId,
        shipmentIds,
        'cancelled',
        ORDER_MESSAGES.unpaidReleased,
      );
      await repo.updateOrder(tx, orderId, {
        status: 'cancelled',
        paymentStatus: 'failed',
        cancelledAt: new Date(),
        cancelReason: ORDER_MESSAGES.unpaidReleased,
      });
      await repo.restoreCartLines(tx, order.userId, orderId);
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

function isReturnable(status: string, deliveredAt: Date | null, now: number): boolean {
  return (
    status === 'delivered' &&
    deliveredAt !== null &&
    deliveredAt.getTime() + RETURN_WINDOW_MS >= now
  );
}

function isCancellableStatus(status: string): boolean {
  return (ORDER_CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/** Statuses in which the customer sees the delivery code and who brings the shipment. */
const WITH_DELIVERY: readonly string[] = DELIVERY_ACTIVE_STATUSES;

/**
 * The delivery code and staff member of a shipment while it is with delivery (issue 4 item 8;
 * docs/delivery.md): the code only for the customer who owns the order (`forOwner`).
 */
function deliveryFieldsOf(shipment: OrderView['shipments'][number], forOwner: boolean) {
  if (!WITH_DELIVERY.includes(shipment.status)) return {};
  return {
    ...(forOwner && shipment.deliveryCode ? { deliveryCode: shipment.deliveryCode } : {}),
    ...(shipment.deliveryStaffName !== null
      ? {
          deliveryStaff: {
            name: shipment.deliveryStaffName,
            mobile: shipment.deliveryStaffMobile,
          },
        }
      : {}),
  };
}

/**
 * The columns `toOrder` reads: a read order tree (`repo.OrderTree`) has them, and so has what
 * placing just wrote (`reserveAndCreateOrder`'s `view`), so a new order is answered without
 * reading it back.
 */
export interface OrderView {
  order: Pick<
    repo.OrderRow,
    | 'id'
    | 'orderNumber'
    | 'status'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'recipientName'
    | 'mobile'
    | 'locality'
    | 'landmark'
    | 'city'
    | 'state'
    | 'pincode'
    | 'country'
    | 'itemCount'
    | 'mrpPaise'
    | 'discountPaise'
    | 'totalPaise'
    | 'gstIncludedPaise'
    | 'deliveryPaise'
    | 'deliveryDate'
    | 'placedAt'
  >;
  shipments: repo.OrderTree['shipments'];
  items: Pick<
    repo.OrderTree['items'][number],
    | 'shipmentId'
    | 'productId'
    | 'name'
    | 'company'
    | 'size'
    | 'colour'
    | 'thumbnailPath'
    | 'pricePaise'
    | 'mrpPaise'
    | 'quantity'
    | 'lineTotalPaise'
  >[];
  events: Pick<repo.OrderTree['events'][number], 'shipmentId' | 'status' | 'at' | 'note'>[];
}

/**
 * Maps an order with its shipments, items and history to the API's Order (paise, ISO times).
 * `options.forOwner`: the reader is the customer who placed it, so each shipment with delivery
 * carries its delivery code (never set it for office or staff views).
 */
export function toOrder(
  tree: OrderView,
  storage: FileStorage,
  options: { forOwner?: boolean } = {},
): Order {
  const { order } = tree;
  const now = Date.now();
  const active = tree.shipments.filter((shipment) => shipment.status !== 'cancelled');
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus as PaymentStatus,
    address: {
      recipientName: order.recipientName,
      mobile: order.mobile,
      locality: order.locality,
      landmark: order.landmark,
      city: order.city,
      state: order.state,
      pincode: order.pincode,
      country: order.country,
    },
    totals: {
      itemCount: order.itemCount,
      mrpPaise: order.mrpPaise,
      discountPaise: order.discountPaise,
      totalPaise: order.totalPaise,
      gstIncludedPaise: order.gstIncludedPaise,
      deliveryPaise: order.deliveryPaise,
    },
    deliveryDate: order.deliveryDate,
    placedAt: order.placedAt.toISOString(),
    cancellable:
      active.length > 0 && active.every((shipment) => isCancellableStatus(shipment.status)),
    shipments: tree.shipments.map((shipment) => ({
      id: shipment.id,
      shop: { id: shipment.shopId, name: shipment.shopName },
      status: shipment.status as OrderStatus,
      subtotalPaise: shipment.subtotalPaise,
      items: tree.items
        .filter((item) => item.shipmentId === shipment.id)
        .map((item) => ({
          productId: item.productId,
          name: item.name,
          company: item.company,
          size: item.size,
          colour: item.colour,
          imageUrl: item.thumbnailPath ? storage.urlFor(item.thumbnailPath) : null,
          pricePaise: item.pricePaise,
          mrpPaise: item.mrpPaise,
          quantity: item.quantity,
          lineTotalPaise: item.lineTotalPaise,
        })),
      history: tree.events
        .filter((event) => event.shipmentId === shipment.id)
        .map((event) => ({
          status: event.status as OrderStatus,
          at: event.at.toISOString(),
          note: event.note,
        })),
      deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
      returnReason: shipment.returnReason,
      returnable: isReturnable(shipment.status, shipment.deliveredAt, now),
      ...deliveryFieldsOf(shipment, options.forOwner === true),
    })),
  };
}

export interface OrdersDeps {
  db: Db;
  storage: FileStorage;
}

/**
 * The customer's orders (issue 6 items 4-6; docs/orders.md "Customer routes"): placing with cash
 * on delivery, My Orders, cancelling before shipping and asking for a return within 7 days of
 * delivery. Every query is scoped by the session's user: another customer's order is a 404.
 */
export function createOrdersService({ db, storage }: OrdersDeps) {
  /** Reads an order as the API answers it. @throws AppError NOT_FOUND 'Order not found'. */
  async function getOrder(userId: string | undefined, orderId: number, queryable: Db | Tx = db) {
    const tree = await repo.findOrderTree(queryable, orderId, userId);
    if (!tree) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    return toOrder(tree, storage, { forOwner: userId !== undefined });
  }

  /** Locks the customer's order and its shipments. @throws AppError NOT_FOUND. */
  async function lockOwnOrder(tx: Tx, userId: string, orderId: number) {
    const order = await repo.lockOrder(tx, orderId, userId);
    if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    return { order, shipments: await repo.lockShipments(tx, orderId) };
  }

  return {
    /**
     * `POST /api/orders` `{ addressId, paymentMethod: 'cod' }`: places the cart's available lines
     * as one order paid on delivery, in one transaction. Answers the Order (201), built from
     * what placing wrote (the same as `getOrder` would read).
     * @throws AppError 404 address; 400 'Your cart is empty'; 409 'Only N left of {name}'.
     */
    async placeCashOnDelivery(userId: string, addressId: number): Promise<Order> {
      const placed = await db.transaction((tx) =>
        reserveAndCreateOrder(tx, {
          userId,
          addressId,
          paymentMethod: 'cod',
          initialStatus: 'placed',
        }),
      );
      // Answered from what placing wrote: no read-back of the order tree.
      return toOrder(placed.view, storage, { forOwner: true });
    },

    /**
     * An order with its shipments, items and history. With `userId`, only that customer's order
     * is found (the payments module passes it too). @throws AppError NOT_FOUND 'Order not found'.
     */
    getOrder,

    /**
     * `GET /api/orders?page=`: My Orders, newest first, 10 a page, without unpaid Razorpay
     * orders. A page past the end answers no items.
     */
    async listOrders(userId: string, page: number): Promise<OrderPage> {
      const offset = (page - 1) * ORDERS_PAGE_SIZE;
      const [total, rows] = await Promise.all([
        repo.countMyOrders(db, userId),
        repo.findMyOrders(db, userId, ORDERS_PAGE_SIZE, offset),
      ]);
      const items = await repo.findItemsOfOrders(
        db,
        rows.map((row) => row.order.id),
      );
      return {
        items: rows.map(({ order, shipmentCount }) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          status: order.status as OrderStatus,
          paymentMethod: order.paymentMethod as PaymentMethod,
          paymentStatus: order.paymentStatus as PaymentStatus,
          itemCount: order.itemCount,
          totalPaise: order.totalPaise,
          deliveryDate: order.deliveryDate,
          placedAt: order.placedAt.toISOString(),
          shipmentCount,
          items: items
            .filter((item) => item.orderId === order.id)
            .map((item) => ({
              productId: item.productId,
              name: item.name,
              imageUrl: item.thumbnailPath ? storage.urlFor(item.thumbnailPath) : null,
              quantity: item.quantity,
            })),
        })),
        page,
        pageSize: ORDERS_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / ORDERS_PAGE_SIZE),
      };
    },

    /**
     * `POST /api/orders/{orderId}/cancel` `{ reason? }`: cancels every shipment not cancelled
     * yet, gives their stock back, writes a `cancelled` history row each (the reason as note);
     * a paid order's payment becomes `refunded` (status only), an unpaid Razorpay one `failed`.
     * @throws AppError 404 'Order not found'; 422 already cancelled, or any shipment `shipped`
     *   or later.
     */
    async cancelOrder(userId: string, orderId: number, reason?: string): Promise<Order> {
      await db.transaction(async (tx) => {
        const { order, shipments } = await lockOwnOrder(tx, userId, orderId);
        const active = shipments.filter((shipment) => shipment.status !== 'cancelled');
        if (active.length === 0) {
          throw new AppError('BUSINESS_RULE', ORDER_MESSAGES.alreadyCancelled);
        }
        if (!active.every((shipment) => isCancellableStatus(shipment.status))) {
          throw new AppError('BUSINESS_RULE', ORDER_MESSAGES.cancelAfterShipping);
        }
        const note = reason && reason.length > 0 ? reason : null;
        const shipmentIds = active.map((shipment) => shipment.id);
        await restoreShipmentStock(tx, shipmentIds);
        await repo.setShipmentStatus(tx, orderId, shipmentIds, 'cancelled', note);
        const paymentStatus: PaymentStatus =
          order.paymentStatus === 'paid'
            ? 'refunded'
            : order.paymentMethod === 'razorpay' && order.paymentStatus === 'pending'
              ? 'failed'
              : (order.paymentStatus as PaymentStatus);
        await repo.updateOrder(tx, orderId, {
          status: 'cancelled',
          paymentStatus,
          cancelledAt: new Date(),
          cancelReason: note,
        });
      });
      return getOrder(userId, orderId);
    },

    /**
     * `POST /api/orders/{orderId}/shipments/{shipmentId}/return` `{ reason }`: asks for the
     * return of a shipment delivered within the last 7 days (CANCELLATION_DAYS_LIFESTYLE):
     * status `return_requested`, the reason kept and written as the history row's note. The shop
     * office approves it and restores the stock later.
     * @throws AppError 404 order or shipment; 422 not delivered, or delivered over 7 days ago.
     */
    async requestReturn(
      userId: string,
      orderId: number,
      shipmentId: number,
      reason: string,
    ): Promise<Order> {
      await db.transaction(async (tx) => {
        const { shipments } = await lockOwnOrder(tx, userId, orderId);
        const shipment = shipments.find((candidate) => candidate.id === shipmentId);
        if (!shipment) throw new AppError('NOT_FOUND', ORDER_MESSAGES.shipmentNotFound);
        if (shipment.status !== 'delivered') {
          throw new AppError('BUSINESS_RULE', ORDER_MESSAGES.returnNotDelivered);
        }
        if (!isReturnable(shipment.status, shipment.deliveredAt, Date.now())) {
          throw new AppError('BUSINESS_RULE', ORDER_MESSAGES.returnWindowOver);
        }
        await repo.setShipmentStatus(tx, orderId, [shipmentId], 'return_requested', reason, {
          returnReason: reason,
          returnRequestedAt: new Date(),
        });
        const status = orderStatusOf(await repo.findShipmentStatuses(tx, orderId));
        await repo.updateOrder(tx, orderId, { status });
      });
      return getOrder(userId, orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Best sellers by delivered units over the last `days` days (issue 6 item 7: 90), most first:
 * `[{ productId, quantity }]`, at most `limit`. The catalog's best-selling slider reads it.
 */
export async function deliveredQuantities(
  db: Db,
  days: number,
  limit: number,
): Promise<{ productId: number; quantity: number }[]> {
  return repo.findDeliveredQuantities(db, new Date(Date.now() - days * DAY_MS), limit);
}
