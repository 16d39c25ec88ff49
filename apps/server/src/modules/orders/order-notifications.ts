import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SHOP_ORDER_PAGES } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Mailer } from '../../platform/mail.js';
import {
  orderCancelledMail,
  orderPlacedMail,
  paymentReceivedMail,
  shopNewOrderMail,
  shopReturnRequestedMail,
  type CustomerOrderMail,
  type RenderedMail,
  type ShopOrderMail,
} from '../notifications/index.js';
import { findOrderTree, type OrderTree } from './orders.repo.js';

/*
 * Who is told what about an order, and when (docs/notifications.md). A customer who turned order
 * mails off in the profile gets none; the shop's staff always get theirs. Each function is called
 * after its transaction commits; it reads the order, renders the templates and puts each mail
 * in the outbox (`Mailer.enqueue`: delivery happens in the background). A notification never
 * fails the action that caused it: any error is logged and swallowed.
 */

/** The order mails; each resolves once its messages are in the outbox. */
export interface OrderNotifier {
  /** A cash-on-delivery order was placed: the customer, and each shop's seller and support admins. */
  orderPlaced(orderId: number): Promise<void>;
  /** An online order's payment was confirmed (once): the customer, and each shop's staff. */
  orderPaid(orderId: number): Promise<void>;
  /** The customer cancelled their order: the customer. */
  orderCancelled(orderId: number): Promise<void>;
  /** The customer asked to return one shipment: that shop's seller and support admins. */
  returnRequested(orderId: number, shipmentId: number): Promise<void>;
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
 * The order notifier over `mailer`; links in the mails start with `publicUrl`.
 * Every method resolves (never rejects): failures are logged on `log`.
 */
export function createOrderNotifier(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}): OrderNotifier {
  const { db, mailer, publicUrl, log } = deps;

  async function enqueue(to: string, mail: RenderedMail): Promise<void> {
    await mailer.enqueue({ to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /** Runs one notification, logging instead of throwing. */
  async function safely(what: string, orderId: number, job: () => Promise<void>) {
    try {
      await job();
    } catch (error) {
      log.error({ err: error, orderId }, `${what} notification not queued`);
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
        await enqueue(
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
      await enqueue(
        customer.email,
        await customerMail(customerPart(tree, customer.name), publicUrl),
      );
    }
    await tellShopsOfNewOrder(tree);
  }

  return {
    orderPlaced: (orderId) =>
      safely('order placed', orderId, () => announceNewOrder(orderId, orderPlacedMail)),
    orderPaid: (orderId) =>
      safely('payment received', orderId, () => announceNewOrder(orderId, paymentReceivedMail)),
    orderCancelled: (orderId) =>
      safely('order cancelled', orderId, async () => {
        const loaded = await load(orderId);
        if (!loaded) return;
        const { tree, customer } = loaded;
        if (!customer.orderMails) return;
        await enqueue(
          customer.email,
          await orderCancelledMail(
            { ...customerPart(tree, customer.name), reason: tree.order.cancelReason ?? undefined },
            publicUrl,
          ),
        );
      }),
    returnRequested: (orderId, shipmentId) =>
      safely('return requested', orderId, async () => {
        const tree = await findOrderTree(db, orderId);
        const shipment = tree?.shipments.find((each) => each.id === shipmentId);
        if (!tree || !shipment) return;
        const staff = await findShopStaff(db, [shipment.shopId]);
        for (const person of staff) {
          const url = `${publicUrl}${SHOP_ORDER_PAGES[person.role].returns}`;
          const part = { ...shopPart(tree, shipment), reason: shipment.returnReason ?? '' };
          await enqueue(person.email, await shopReturnRequestedMail(part, person.name, url));
        }
      }),
  };
}
