import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { DELIVERY_ACTIVE_STATUSES } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { anyColumnContains } from '../../db/search.js';
import { orderItems, orderStatusEvents, orders, shipments, shops } from '../../db/schema/index.js';

/** Drizzle queries of the delivery staff area (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

const ACTIVE: string[] = [...DELIVERY_ACTIVE_STATUSES];

/** When the shipment's delivery ended: delivered, or the last `delivery_failed` event. */
const finishedAt = sql<Date | null>`coalesce(${shipments.deliveredAt}, (select max(e.at) from ${orderStatusEvents} e where e.shipment_id = ${shipments.id} and e.status = 'delivery_failed'))`;

/** The time a history row is dated and filtered by: finished, else last changed. */
const historyTime = sql`coalesce(${finishedAt}, ${shipments.updatedAt})`;

/** A `[start, end)` range of instants (an Indian day range turned into UTC). */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** What a list asks for: whose, which statuses, an optional search and finished-time range. */
export interface ShipmentFilter {
  staffId: string;
  view: 'active' | 'history';
  search?: string | undefined;
  range?: TimeRange | undefined;
}

function filterOf(filter: ShipmentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(shipments.deliveryStaffId, filter.staffId),
    filter.view === 'active'
      ? inArray(shipments.status, ACTIVE)
      : notInArray(shipments.status, ACTIVE),
  ];
  if (filter.search) {
    conditions.push(
      anyColumnContains([orders.orderNumber, orders.recipientName, orders.mobile], filter.search),
    );
  }
  if (filter.range) {
    conditions.push(sql`${historyTime} >= ${filter.range.start.toISOString()}`);
    conditions.push(sql`${historyTime} < ${filter.range.end.toISOString()}`);
  }
  return and(...conditions);
}

const shipmentColumns = {
  id: shipments.id,
  orderId: shipments.orderId,
  orderNumber: orders.orderNumber,
  shopId: shipments.shopId,
  shopName: shops.name,
  status: shipments.status,
  recipientName: orders.recipientName,
  mobile: orders.mobile,
  locality: orders.locality,
  landmark: orders.landmark,
  city: orders.city,
  state: orders.state,
  pincode: orders.pincode,
  country: orders.country,
  itemCount: shipments.itemCount,
  subtotalPaise: shipments.subtotalPaise,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  cashCollectedPaise: shipments.cashCollectedPaise,
  assignedAt: shipments.assignedAt,
  deliveredAt: shipments.deliveredAt,
  finishedAt,
  deliveryFailedReason: shipments.deliveryFailedReason,
  updatedAt: shipments.updatedAt,
};

/** The shipments with their order and shop, before any filter. */
function selectShipments(db: Queryable) {
  return db
    .select(shipmentColumns)
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(shops, eq(shops.id, shipments.shopId));
}

/** One shipment as the delivery lists read it (order, address, shop, times). */
export type DeliveryShipmentRow = Awaited<ReturnType<typeof selectShipments>>[number];

/** How many shipments a list filter matches. */
export async function countShipments(db: Queryable, filter: ShipmentFilter): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(filterOf(filter));
  return row?.value ?? 0;
}

/**
 * One page of the staff member's shipments: active ones oldest assignment first (the order to
 * deliver them in), history newest finished first.
 */
export async function findShipments(
  db: Queryable,
  filter: ShipmentFilter,
  limit: number,
  offset: number,
): Promise<DeliveryShipmentRow[]> {
  const rows = await selectShipments(db)
    .where(filterOf(filter))
    .orderBy(
      ...(filter.view === 'active'
        ? [asc(shipments.assignedAt), asc(shipments.id)]
        : [desc(historyTime), desc(shipments.id)]),
    )
    .limit(limit)
    .offset(offset);
  return rows.map(normaliseTimes);
}

/** Raw `sql` columns come back as strings on some drivers: make the finished time a Date. */
function normaliseTimes(row: DeliveryShipmentRow): DeliveryShipmentRow {
  const value = row.finishedAt as Date | string | null;
  return { ...row, finishedAt: value === null ? null : new Date(value) };
}

/** One of the staff member's shipments, or undefined (another's or unknown). */
export async function findShipment(
  db: Queryable,
  staffId: string,
  shipmentId: number,
): Promise<DeliveryShipmentRow | undefined> {
  const [row] = await selectShipments(db).where(
    and(eq(shipments.id, shipmentId), eq(shipments.deliveryStaffId, staffId)),
  );
  return row ? normaliseTimes(row) : undefined;
}

/** The items of several shipments, in line order. */
export async function findItems(db: Queryable, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({
      shipmentId: orderItems.shipmentId,
      name: orderItems.name,
      company: orderItems.company,
      sku: orderItems.sku,
      size: orderItems.size,
      colour: orderItems.colour,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, [...shipmentIds]))
    .orderBy(asc(orderItems.shipmentId), asc(orderItems.id));
}

/** A shipment's status history, oldest first. */
export async function findEvents(db: Queryable, shipmentId: number) {
  return db
    .select({
      status: orderStatusEvents.status,
      at: orderStatusEvents.at,
      note: orderStatusEvents.note,
    })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.shipmentId, shipmentId))
    .orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id));
}

/** What a status change needs to know about one of the staff member's shipments. */
export async function findShipmentForChange(db: Queryable, staffId: string, shipmentId: number) {
  const [row] = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      status: shipments.status,
      deliveryCode: shipments.deliveryCode,
      deliveryStaffId: shipments.deliveryStaffId,
      subtotalPaise: shipments.subtotalPaise,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      deliveryCodeLockedUntil: shipments.deliveryCodeLockedUntil,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.deliveryStaffId, staffId)));
  return row;
}

/** What one counted delivery-code try found: whether the code matched, and the count now. */
export interface CodeTry {
  matched: boolean;
  wrongTries: number;
  lockedUntil: Date | null;
}

/**
 * Counts one delivery-code try on an out-for-delivery shipment of the staff member, in ONE
 * `UPDATE ... RETURNING` so that tries arriving at the same time on any number of app instances
 * are counted one after the other by the row lock (docs/delivery.md "Wrong codes"; several
 * instances: docs/deploy.md). The code is compared in the same statement:
 * - right code: the count goes back to 0 and any old lock is cleared;
 * - wrong code: the count goes up by one (starting again from 1 when an earlier lock has run
 *   out); the `maxTries`-th wrong code sets `delivery_code_locked_until` to now + `lockMinutes`.
 * Answers undefined, changing nothing, when the shipment is locked right now, is not the staff
 * member's, or is not out for delivery.
 */
export async function recordCodeTry(
  db: Queryable,
  input: {
    staffId: string;
    shipmentId: number;
    code: string;
    maxTries: number;
    lockMinutes: number;
  },
): Promise<CodeTry | undefined> {
  const matched = sql`${shipments.deliveryCode} = ${input.code}`;
  // Tries counted before this one: none once an earlier lock has run out.
  const before = sql`case when ${shipments.deliveryCodeLockedUntil} is not null then 0 else ${shipments.deliveryCodeWrongTries} end`;
  const [row] = await db
    .update(shipments)
    .set({
      deliveryCodeWrongTries: sql`case when ${matched} then 0 else ${before} + 1 end`,
      deliveryCodeLockedUntil: sql`case when not (${matched}) and ${before} + 1 >= ${input.maxTries} then now() + make_interval(mins => ${input.lockMinutes}) else null end`,
    })
    .where(
      and(
        eq(shipments.id, input.shipmentId),
        eq(shipments.deliveryStaffId, input.staffId),
        eq(shipments.status, 'out_for_delivery'),
        or(
          sql`${shipments.deliveryCodeLockedUntil} is null`,
          sql`${shipments.deliveryCodeLockedUntil} <= now()`,
        ),
      ),
    )
    .returning({
      wrongTries: shipments.deliveryCodeWrongTries,
      lockedUntil: shipments.deliveryCodeLockedUntil,
      // RETURNING sees the row after the change; the code itself is not changed here.
      matched: sql<boolean>`${matched}`,
    });
  return row;
}

/**
 * Marks a cash-on-delivery order paid once every shipment that is not cancelled has been
 * delivered (the cash is then all collected). Does nothing otherwise.
 */
export async function markCodOrderPaidWhenDelivered(tx: Tx, orderId: number): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentMethod, 'cod'),
        eq(orders.paymentStatus, 'pending'),
        sql`not exists (select 1 from ${shipments} s where s.order_id = ${orders.id} and s.status <> 'cancelled' and s.delivered_at is null)`,
      ),
    )
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Today's numbers of one staff member: `today` is the Indian day as a UTC range. */
export async function findSummary(db: Queryable, staffId: string, today: TimeRange) {
  const deliveredToday = and(
    eq(shipments.deliveryStaffId, staffId),
    gte(shipments.deliveredAt, today.start),
    lt(shipments.deliveredAt, today.end),
  );
  const [[active], [delivered], [failed]] = await Promise.all([
    db
      .select({ value: count() })
      .from(shipments)
      .where(and(eq(shipments.deliveryStaffId, staffId), inArray(shipments.status, ACTIVE))),
    db
      .select({
        value: count(),
        cash: sql<number>`coalesce(sum(${shipments.cashCollectedPaise}), 0)::bigint`.mapWith(
          Number,
        ),
      })
      .from(shipments)
      .where(deliveredToday),
    db
      .select({ value: sql<number>`count(distinct ${orderStatusEvents.shipmentId})::int` })
      .from(orderStatusEvents)
      .innerJoin(shipments, eq(shipments.id, orderStatusEvents.shipmentId))
      .where(
        and(
          eq(shipments.deliveryStaffId, staffId),
          eq(orderStatusEvents.status, 'delivery_failed'),
          gte(orderStatusEvents.at, today.start),
          lt(orderStatusEvents.at, today.end),
        ),
      ),
  ]);
  return {
    active: active?.value ?? 0,
    deliveredToday: delivered?.value ?? 0,
    cashTodayPaise: Number(delivered?.cash ?? 0),
    failedToday: Number(failed?.value ?? 0),
  };
}

/**
 * Deliveries per Indian day in a range: `[{ day: 'YYYY-MM-DD', shipments, cashPaise }]`, oldest
 * first, only days with a delivery.
 */
export async function findCashPerDay(db: Queryable, staffId: string, range: TimeRange) {
  const day = sql<string>`to_char(${shipments.deliveredAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      shipments: sql<number>`count(*)::int`,
      cashPaise: sql<number>`coalesce(sum(${shipments.cashCollectedPaise}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.deliveryStaffId, staffId),
        gte(shipments.deliveredAt, range.start),
        lt(shipments.deliveredAt, range.end),
      ),
    )
    .groupBy(day)
    .orderBy(asc(day));
  return rows.map((row) => ({
    day: row.day,
    shipments: Number(row.shipments),
    cashPaise: Number(row.cashPaise),
  }));
}
