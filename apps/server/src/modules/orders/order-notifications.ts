import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SHOP_ORDER_PAGES } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordJob, type JobHandler, type JobPayload } from '../../platform/background-jobs.js';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
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
import { findOrderTree, type OrderTree } from './orders.repo.js';

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

async function findCustomer(db: Db, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, orderMails: users.orderMails })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

function linesOf(tree: OrderTree, shipmentId?: number) {
  return tree.items
    .filter((item) => shipmentId === undefined || item.shipmentId === shipmentId)
    .map((item) => ({
      name: item.name,
      size: item.size,
      colour: item.colour,
      quantity: item.quantity,
      lineTotalPaise: item.lineTotalPaise,
    }));
}

function customerPart(tree: OrderTree, customerName: string): CustomerOrderMail {
  return {
    customerName,
    orderId: tree.order.id,
    orderNumber: tree.order.orderNumber,
    totalPaise: tree.order.totalPaise,
    paymentMethod: tree.order.paymentMethod as 'cod' | 'razorpay',
    deliveryDate: tree.order.deliveryDate,
    lines: linesOf(tree),
  };
}

function shopPart(tree: OrderTree, shipment: OrderTree['shipments'][number]): ShopOrderMail {
  return {
    shopName: shipment.shopName,
    orderNumber: tree.order.orderNumber,
    subtotalPaise: shipment.subtotalPaise,
    paymentMethod: tree.order.paymentMethod as 'cod' | 'razorpay',
    deliverTo: `${tree.order.city} ${tree.order.pincode}`,
    lines: linesOf(tree, shipment.id),
  };
}

/**
 * The job handlers of every {@link OrderEvent} kind, mailing through `mailer`; links in the mails
 * start with `publicUrl`. Each handler sends its mails one after another.
 * @throws whatever reading the order throws (the runner retries the job).
 */
export function createOrderNotifier(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Record<OrderEvent['kind'], JobHandler> {
  const { db, mailer, publicUrl, log } = deps;

  /** Sends one mail; a refusal by the mail server leaves it in the outbox for the mail retry. */
  async function send(to: string, mail: RenderedMail): Promise<void> {
    try {
      await mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
      log.warn({ subject: mail.subject }, 'order mail left in the outbox for the mail retry');
    }
  }

  /** Tells every shop of the order about its part (new order). */
  async function tellShopsOfNewOrder(tree: OrderTree): Promise<void> {
    const active = tree.shipments.filter((shipment) => shipment.status !== 'cancelled');
    const staff = await findShopStaff(
      db,
      active.map((shipment) => shipment.shopId),
    );
    for (const shipment of active) {
      for (const person of staff.filter((each) => each.shopId === shipment.shopId)) {
        const url = `${publicUrl}${SHOP_ORDER_PAGES[person.role].new}`;
        await send(
          person.email,
          await shopNewOrderMail(shopPart(tree, shipment), person.name, url),
        );
      }
    }
  }

  /** Loads the order and its customer; undefined when either is gone. */
  async function load(orderId: number) {
    const tree = await findOrderTree(db, orderId);
    if (!tree) return undefined;
    const customer = await findCustomer(db, tree.order.userId);
    return customer ? { tree, customer } : undefined;
  }

  /**
   * An order that just became real for its shops (cash on delivery placed, or online paid): the
   * customer's mail from `customerMail` when they take order mails, and each shop its new order.
   */
  async function announceNewOrder(
    orderId: number,
    customerMail: (order: CustomerOrderMail, publicUrl: string) => Promise<RenderedMail>,
  ): Promise<void> {
    const loaded = await load(orderId);
    if (!loaded) return;
    const { tree, customer } = loaded;
    if (customer.orderMails) {
      await send(customer.email, await customerMail(customerPart(tree, customer.name), publicUrl));
    }
    await tellShopsOfNewOrder(tree);
  }

  return {
    order_placed: (payload) => announceNewOrder(idOf(payload, 'orderId'), orderPlacedMail),
    order_paid: (payload) => announceNewOrder(idOf(payload, 'orderId'), paymentReceivedMail),
    order_cancelled: async (payload) => {
      const loaded = await load(idOf(payload, 'orderId'));
      if (!loaded) return;
      const { tree, customer } = loaded;
      if (!customer.orderMails) return;
      await send(
        customer.email,
        await orderCancelledMail(
          { ...customerPart(tree, customer.name), reason: tree.order.cancelReason ?? undefined },
          publicUrl,
        ),
      );
    },
    shipment_cancelled: async (payload) => {
      const shipmentId = idOf(payload, 'shipmentId');
      const tree = await findOrderTree(db, idOf(payload, 'orderId'));
      const shipment = tree?.shipments.find((each) => each.id === shipmentId);
      if (!tree || !shipment) return;
      const staff = await findShopStaff(db, [shipment.shopId]);
      const reason = tree.events.findLast(
        (event) => event.shipmentId === shipmentId && event.status === 'cancelled',
      )?.note;
      for (const person of staff) {
        const url = `${publicUrl}${SHOP_ORDER_PAGES[person.role].new}`;
        const part = { ...shopPart(tree, shipment), reason: reason ?? '' };
        await send(person.email, await shopShipmentCancelledMail(part, person.name, url));
      }
    },
    return_requested: async (payload) => {
      const shipmentId = idOf(payload, 'shipmentId');
      const tree = await findOrderTree(db, idOf(payload, 'orderId'));
      const shipment = tree?.shipments.find((each) => each.id === shipmentId);
      if (!tree || !shipment) return;
      const staff = await findShopStaff(db, [shipment.shopId]);
      for (const person of staff) {
        const url = `${publicUrl}${SHOP_ORDER_PAGES[person.role].returns}`;
        const part = { ...shopPart(tree, shipment), reason: shipment.returnReason ?? '' };
        await send(person.email, await shopReturnRequestedMail(part, person.name, url));
      }
    },
  };
}

/** The id `key` of a recorded event. @throws Error when the payload lacks it (a corrupt row). */
function idOf(payload: JobPayload, key: string): number {
  const value = payload[key];
  if (typeof value !== 'number') throw new Error(`order event without ${key}`);
  return value;
}
