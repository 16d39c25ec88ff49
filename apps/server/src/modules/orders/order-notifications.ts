import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SHOP_ORDER_PAGES } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  orderItems,
  orderStatusEvents,
  orders,
  shipments,
  shops,
  users,
} from '../../db/schema/index.js';
import { recordJob, type JobHandler, type JobPayload } from '../../platform/background-jobs.js';
import type { Mailer } from '../../platform/mail.js';
import {
  orderCancelledMail,
  orderPlacedMail,
  paymentReceivedMail,
  shopNewOrderMail,
  shopShipmentCancelledMail,
  shopReturnRequestedMail,
  type CustomerOrderMail,
  type RenderedMail,
  type ShopOrderMail,
} from '../notifications/index.js';

/*
 * Who is told what about an order, and when (docs/notifications.md). A customer who turned order
 * mails off in the profile gets none; the shop's staff always get theirs. The transaction that
 * changes the order records an order event (`recordOrderEvent`, a background job); after the
 * commit the job runner reads the order, renders the templates and sends each mail, one at a
 * time and off the request's path, so placing an order never waits for its mails
 * (docs/performance.md "Checkout"). A mail the server refuses stays in the outbox for the mail
 * retry; any other failure leaves the job for the runner's next round.
 */

/** What happened to an order that someone must be told about. */
export type OrderEvent =
  /** A cash-on-delivery order was placed: the customer, and each shop's seller and support admins. */
  | { kind: 'order_placed'; orderId: number }
  /** An online order's payment was confirmed (once): the customer, and each shop's staff. */
  | { kind: 'order_paid'; orderId: number }
  /** The customer cancelled their order: the customer. */
  | { kind: 'order_cancelled'; orderId: number }
  /** The customer cancelled one shipment: that shop's seller and support admins. */
  | { kind: 'shipment_cancelled'; orderId: number; shipmentId: number }
  /** The customer asked to return one shipment: that shop's seller and support admins. */
  | { kind: 'return_requested'; orderId: number; shipmentId: number };

/**
 * Records `event` inside `tx`: its mails go once the transaction commits and the job runner is
 * woken (`OrdersDeps.jobs.wake()`), never when it rolls back.
 */
export async function recordOrderEvent(tx: Db | Tx, event: OrderEvent): Promise<void> {
  const { kind, ...payload } = event;
  await recordJob(tx, kind, payload);
}

type ShopRole = keyof typeof SHOP_ORDER_PAGES;

interface ShopStaff {
  name: string;
  email: string;
  role: ShopRole;
  shopId: number;
}

/** The enabled sellers and support admins of `shopIds`. */
async function findShopStaff(db: Db, shopIds: number[]): Promise<ShopStaff[]> {
  if (shopIds.length === 0) return [];
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.role, shopId: users.shopId })
    .from(users)
    .where(
      and(
        inArray(users.shopId, shopIds),
        inArray(users.role, ['seller', 'support_admin']),
        isNull(users.disabledAt),
      ),
    );
  return rows.map((row) => ({ ...row, role: row.role as ShopRole, shopId: row.shopId! }));
}

/**
 * What the order mails say about an order, read in three statements (the order with its
 * customer, its shipments with their shops, its lines): far less than the API's order tree,
 * since a mail job runs for every order (docs/performance.md "Checkout").
 */
async function findMailOrder(db: Db, orderId: number) {
  const [[head], shipmentRows, items] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        totalPaise: orders.totalPaise,
        paymentMethod: orders.paymentMethod,
        deliveryDate: orders.deliveryDate,
        city: orders.city,
        pincode: orders.pincode,
        cancelReason: orders.cancelReason,
        customerName: users.name,
        customerEmail: users.email,
        orderMails: users.orderMails,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: shipments.id,
        shopId: shipments.shopId,
        shopName: shops.name,
        status: shipments.status,
        subtotalPaise: shipments.subtotalPaise,
        returnReason: shipments.returnReason,
      })
      .from(shipments)
      .innerJoin(shops, eq(shops.id, shipments.shopId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.id)),
    db
      .select({
        shipmentId: orderItems.shipmentId,
        name: orderItems.name,
        size: orderItems.size,
        colour: orderItems.colour,
        quantity: orderItems.quantity,
        lineTotalPaise: orderItems.lineTotalPaise,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
  ]);
  return head ? { order: head, shipments: shipmentRows, items } : undefined;
}

type MailOrder = NonNullable<Awaited<ReturnType<typeof findMailOrder>>>;

function linesOf(tree: MailOrder, shipmentId?: number) {
  return tree.items
    .filter((item) => shipmentId === undefined || item.shipmentId === shipmentId)
    .map(({ shipmentId: _shipment, ...line }) => line);
}

function customerPart(tree: MailOrder): CustomerOrderMail {
  return {
    customerName: tree.order.customerName,
    orderId: tree.order.id,
    orderNumber: tree.order.orderNumber,
    totalPaise: tree.order.totalPaise,
    paymentMethod: tree.order.paymentMethod as 'cod' | 'razorpay',
    deliveryDate: tree.order.deliveryDate,
    lines: linesOf(tree),
  };
}

function shopPart(tree: MailOrder, shipment: MailOrder['shipments'][number]): ShopOrderMail {
  return {
    shopName: shipment.shopName,
    orderNumber: tree.order.orderNumber,
    subtotalPaise: shipment.subtotalPaise,
    paymentMethod: tree.order.paymentMethod as 'cod' | 'razorpay',
    deliverTo: `${tree.order.city} ${tree.order.pincode}`,
    lines: linesOf(tree, shipment.id),
  };
}

/** The reason the last `cancelled` history row of a shipment gives, or ''. */
async function cancelReasonOf(db: Db, shipmentId: number): Promise<string> {
  const [row] = await db
    .select({ note: orderStatusEvents.note })
    .from(orderStatusEvents)
    .where(
      and(eq(orderStatusEvents.shipmentId, shipmentId), eq(orderStatusEvents.status, 'cancelled')),
    )
    .orderBy(desc(orderStatusEvents.at), desc(orderStatusEvents.id))
    .limit(1);
  return row?.note ?? '';
}

/**
 * The job handlers of every {@link OrderEvent} kind, mailing through `mailer`; links in the mails
 * start with `publicUrl`. Each handler composes its mails and hands them to `Mailer.sendAll`
 * (one outbox statement for all of them); a mail the server refuses stays in the outbox for the
 * mail retry.
 * @throws whatever reading the order throws (the runner retries the job).
 */
export function createOrderNotifier(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Record<OrderEvent['kind'], JobHandler> {
  const { db, mailer, publicUrl } = deps;

  const message = (to: string, mail: RenderedMail) => ({
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });

  /** The mails to the staff of every shop of the order about its part (new order). */
  async function shopsOfNewOrder(tree: MailOrder) {
    const active = tree.shipments.filter((shipment) => shipment.status !== 'cancelled');
    const staff = await findShopStaff(
      db,
      active.map((shipment) => shipment.shopId),
    );
    const mails = [];
    for (const shipment of active) {
      for (const person of staff.filter((each) => each.shopId === shipment.shopId)) {
        const url = `${publicUrl}${SHOP_ORDER_PAGES[person.role].new}`;
        mails.push(
          message(person.email, await shopNewOrderMail(shopPart(tree, shipment), person.name, url)),
        );
      }
    }
    return mails;
  }

  /**
   * An order that just became real for its shops (cash on delivery placed, or online paid): the
   * customer's mail from `customerMail` when they take order mails, and each shop its new order.
   */
  async function announceNewOrder(
    orderId: number,
    customerMail: (order: CustomerOrderMail, publicUrl: string) => Promise<RenderedMail>,
  ): Promise<void> {
    const tree = await findMailOrder(db, orderId);
    if (!tree) return;
    const mails = tree.order.orderMails
      ? [message(tree.order.customerEmail, await customerMail(customerPart(tree), publicUrl))]
      : [];
    await mailer.sendAll([...mails, ...(await shopsOfNewOrder(tree))]);
  }

  /** The mails to the staff of the shop of one shipment, built by `compose`. */
  async function tellShipmentShop(
    payload: JobPayload,
    compose: (
      tree: MailOrder,
      shipment: MailOrder['shipments'][number],
      person: ShopStaff,
    ) => Promise<RenderedMail>,
  ): Promise<void> {
    const shipmentId = idOf(payload, 'shipmentId');
    const tree = await findMailOrder(db, idOf(payload, 'orderId'));
    const shipment = tree?.shipments.find((each) => each.id === shipmentId);
    if (!tree || !shipment) return;
    const staff = await findShopStaff(db, [shipment.shopId]);
    const mails = [];
    for (const person of staff)
      mails.push(message(person.email, await compose(tree, shipment, person)));
    await mailer.sendAll(mails);
  }

  return {
    order_placed: (payload) => announceNewOrder(idOf(payload, 'orderId'), orderPlacedMail),
    order_paid: (payload) => announceNewOrder(idOf(payload, 'orderId'), paymentReceivedMail),
    order_cancelled: async (payload) => {
      const tree = await findMailOrder(db, idOf(payload, 'orderId'));
      if (!tree || !tree.order.orderMails) return;
      const mail = await orderCancelledMail(
        { ...customerPart(tree), reason: tree.order.cancelReason ?? undefined },
        publicUrl,
      );
      await mailer.sendAll([message(tree.order.customerEmail, mail)]);
    },
    shipment_cancelled: async (payload) => {
      const reason = await cancelReasonOf(db, idOf(payload, 'shipmentId'));
      await tellShipmentShop(payload, (tree, shipment, person) =>
        shopShipmentCancelledMail(
          { ...shopPart(tree, shipment), reason },
          person.name,
          `${publicUrl}${SHOP_ORDER_PAGES[person.role].new}`,
        ),
      );
    },
    return_requested: (payload) =>
      tellShipmentShop(payload, (tree, shipment, person) =>
        shopReturnRequestedMail(
          { ...shopPart(tree, shipment), reason: shipment.returnReason ?? '' },
          person.name,
          `${publicUrl}${SHOP_ORDER_PAGES[person.role].returns}`,
        ),
      ),
  };
}

/** The id `key` of a recorded event. @throws Error when the payload lacks it (a corrupt row). */
function idOf(payload: JobPayload, key: string): number {
  const value = payload[key];
  if (typeof value !== 'number') throw new Error(`order event without ${key}`);
  return value;
}
