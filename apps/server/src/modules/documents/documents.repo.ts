import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bills, orders, shipments, wholesaleCustomers } from '../../db/schema/index.js';

/**
 * Drizzle queries of the documents module (SQL only). Documents are a read
 * model: they read the bills, payments and customers that the bills and customers modules
 * write, and the orders module's tables, without changing anything (docs/documents.md).
 */

const customerColumns = {
  id: wholesaleCustomers.id,
  name: wholesaleCustomers.name,
  shopName: wholesaleCustomers.shopName,
  locality: wholesaleCustomers.locality,
  landmark: wholesaleCustomers.landmark,
  city: wholesaleCustomers.city,
  state: wholesaleCustomers.state,
  pincode: wholesaleCustomers.pincode,
  country: wholesaleCustomers.country,
  mobile: wholesaleCustomers.mobile,
  gstin: wholesaleCustomers.gstin,
};

const billColumns = {
  id: bills.id,
  customerId: bills.customerId,
  purchasedAt: bills.purchasedAt,
  status: bills.status,
  amountPaise: bills.amountPaise,
  gstPaise: bills.gstPaise,
  receivedPaise: bills.receivedPaise,
  creditedPaise: bills.creditedPaise,
};

export type CustomerRow = Awaited<ReturnType<typeof findCustomer>>;
export type BillRow = Awaited<ReturnType<typeof listCustomerBills>>[number];

/** A wholesale customer as printed, or undefined. */
export async function findCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select(customerColumns)
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.id, customerId));
  return row;
}

/** Every bill of a customer, oldest first, cancelled ones too (the summary invoice's rows). */
export function listCustomerBills(db: Db, customerId: number) {
  return db
    .select(billColumns)
    .from(bills)
    .where(eq(bills.customerId, customerId))
    .orderBy(asc(bills.purchasedAt), asc(bills.id));
}

/**
 * One shipment of one of `userId`'s orders with the order's number, dates and payment (its
 * invoice's parties are in the issued document), or undefined when the order is not theirs or
 * the shipment not of that order.
 */
export async function findCustomerShipment(
  db: Db,
  userId: string,
  orderId: number,
  shipmentId: number,
) {
  const [row] = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      placedAt: orders.placedAt,
      paymentMethod: orders.paymentMethod,
      recipientName: orders.recipientName,
      mobile: orders.mobile,
      locality: orders.locality,
      landmark: orders.landmark,
      city: orders.city,
      state: orders.state,
      pincode: orders.pincode,
      country: orders.country,
      shipmentId: shipments.id,
      status: shipments.status,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId), eq(orders.userId, userId)),
    );
  return row;
}
