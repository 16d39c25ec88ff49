import {
  DELIVERY_CASH_MAX_DAYS,
  DELIVERY_CODE_LOCK_MINUTES,
  DELIVERY_CODE_MAX_TRIES,
  DELIVERY_MESSAGES,
  DELIVERY_PAGE_SIZE,
  type DeliveryCashReport,
  type DeliveryListQuery,
  type DeliveryShipment,
  type DeliveryShipmentDetail,
  type DeliveryShipmentPage,
  type DeliverySummary,
  type OrderStatus,
  type PaymentMethod,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import {
  moveShipment,
  notifyShipmentChange,
  type MoveShipmentInput,
  type MovedShipment,
} from '../orders/index.js';
import * as repo from './delivery.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days the cash report covers when no range is given (today and the 29 before). */
const DEFAULT_CASH_DAYS = 30;

/** Today's date in India as YYYY-MM-DD ('en-CA' writes that order). */
const INDIAN_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Indian calendar day of an instant, YYYY-MM-DD. */
export function indianDayOf(instant: Date): string {
  return INDIAN_DATE.format(instant);
}

/** The Indian day `days` after `day` (negative: before), YYYY-MM-DD. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instants of Indian days `from` to `to` inclusive (YYYY-MM-DD, India is UTC+05:30 all
 * year): `[from 00:00 IST, the day after to 00:00 IST)`.
 */
export function indianDayRange(from: string, to: string): repo.TimeRange {
  return {
    start: new Date(`${from}T00:00:00+05:30`),
    end: new Date(`${addDays(to, 1)}T00:00:00+05:30`),
  };
}

/** Cash to take at the door: the subtotal of an unpaid cash-on-delivery order, else 0 (paise). */
function amountToCollect(row: {
  paymentMethod: string;
  paymentStatus: string;
  subtotalPaise: number;
}): number {
  return row.paymentMethod === 'cod' && row.paymentStatus !== 'paid' ? row.subtotalPaise : 0;
}

type ItemRow = Awaited<ReturnType<typeof repo.findItems>>[number];

function toDeliveryShipment(row: repo.DeliveryShipmentRow, items: ItemRow[]): DeliveryShipment {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    shop: { id: row.shopId, name: row.shopName },
    status: row.status as OrderStatus,
    customer: { name: row.recipientName, mobile: row.mobile },
    address: {
      recipientName: row.recipientName,
      mobile: row.mobile,
      locality: row.locality,
      landmark: row.landmark,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      country: row.country,
    },
    items: items
      .filter((item) => item.shipmentId === row.id)
      .map(({ name, company, sku, size, colour, quantity }) => ({
        name,
        company,
        sku,
        size,
        colour,
        quantity,
      })),
    itemCount: row.itemCount,
    subtotalPaise: row.subtotalPaise,
    paymentMethod: row.paymentMethod as PaymentMethod,
    amountToCollectPaise: amountToCollect(row),
    cashCollectedPaise: row.cashCollectedPaise,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    deliveryFailedReason: row.deliveryFailedReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address, for the links in the customer's emails. */
  publicUrl: string;
}

/**
 * The delivery staff area (docs/delivery.md): a delivery staff member's
 * shipments (only those handed to them: another's is a 404), today's numbers, the cash report,
 * and the moves picked up -> out for delivery -> delivered (the customer's 4-digit code) or
 * failed (a reason). Every move goes through `moveShipment`; the customer is mailed after the
 * commit.
 */
export function createDeliveryService({ db, mailer, publicUrl }: DeliveryDeps) {
  async function withItems(rows: repo.DeliveryShipmentRow[]): Promise<DeliveryShipment[]> {
    const items = await repo.findItems(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toDeliveryShipment(row, items));
  }

  /** Reads one of the staff member's shipments with its history. @throws AppError NOT_FOUND. */
  async function getShipment(staffId: string, shipmentId: number): Promise<DeliveryShipmentDetail> {
    const row = await repo.findShipment(db, staffId, shipmentId);
    if (!row) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.shipmentNotFound);
    const [[shipment], events] = await Promise.all([
      withItems([row]),
      repo.findEvents(db, shipmentId),
    ]);
    return {
      ...shipment!,
      history: events.map((event) => ({
        status: event.status as OrderStatus,
        at: event.at.toISOString(),
        note: event.note,
      })),
    };
  }

  /**
   * Runs one move of the staff member's shipment in a transaction (plus `after`, in the same
   * transaction), then mails the customer and answers the shipment as it now is.
   */
  async function move(
    staffId: string,
    input: Omit<MoveShipmentInput, 'deliveryStaffId'>,
    after?: (tx: Tx, moved: MovedShipment) => Promise<void>,
  ): Promise<DeliveryShipmentDetail> {
    const moved = await db.transaction(async (tx) => {
      const result = await moveShipment(tx, { ...input, deliveryStaffId: staffId });
      if (after) await after(tx, result);
      return result;
    });
    await notifyShipmentChange(mailer, moved, publicUrl);
    return getShipment(staffId, input.shipmentId);
  }

  return {
    /**
     * `GET /api/delivery/summary`: today's numbers (Indian day): shipments handed to me and not
     * finished, delivered today, failed today, cash collected today (paise).
     */
    async summary(staffId: string, now = new Date()): Promise<DeliverySummary> {
      const day = indianDayOf(now);
      const counts = await repo.findSummary(db, staffId, indianDayRange(day, day));
      return { day, ...counts };
    },

    /**
     * `GET /api/delivery/shipments`: my shipments, 10 a page. `active`: assigned, shipped, out
     * for delivery, oldest assignment first; `history`: the rest (delivered, failed, returned...),
     * newest finished first, with search (order number, customer name, mobile) and the Indian day
     * range `from`-`to` on the finished time.
     */
    async listShipments(staffId: string, query: DeliveryListQuery): Promise<DeliveryShipmentPage> {
      const range =
        query.from || query.to
          ? indianDayRange(query.from ?? '2000-01-01', query.to ?? indianDayOf(new Date()))
          : undefined;
      const filter: repo.ShipmentFilter = {
        staffId,
        view: query.view,
        search: query.search || undefined,
        range,
      };
      const offset = (query.page - 1) * DELIVERY_PAGE_SIZE;
      const [total, rows] = await Promise.all([
        repo.countShipments(db, filter),
        repo.findShipments(db, filter, DELIVERY_PAGE_SIZE, offset),
      ]);
      return {
        items: await withItems(rows),
        page: query.page,
        pageSize: DELIVERY_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / DELIVERY_PAGE_SIZE),
      };
    },

    /** `GET /api/delivery/shipments/{id}`: one of mine with its history. @throws 404. */
    getShipment,

    /** assigned -> shipped (picked up from the shop). @throws 404; 422 wrong status. */
    pickUp(staffId: string, shipmentId: number) {
      return move(staffId, { shipmentId, allowedFrom: ['assigned'], to: 'shipped' });
    },

    /** shipped -> out_for_delivery. @throws 404; 422 wrong status. */
    outForDelivery(staffId: string, shipmentId: number) {
      return move(staffId, { shipmentId, allowedFrom: ['shipped'], to: 'out_for_delivery' });
    },

    /**
     * out_for_delivery -> delivered when `code` is the shipment's delivery code: sets
     * `deliveredAt`, `cashCollectedPaise` (the subtotal for an unpaid COD order, else null), and
     * marks a COD order paid once every live shipment of it is delivered.
     * Wrong codes are counted per shipment in the database (`recordCodeTry`), so the count holds
     * across app instances and restarts; a right code sets it back to 0.
     * @throws AppError 404; RATE_LIMITED (429) after 5 wrong codes, for 15 minutes;
     *   BUSINESS_RULE (422) 'The delivery code does not match' (only the count changes) or wrong
     *   status.
     */
    async deliver(staffId: string, shipmentId: number, code: string) {
      const current = await repo.findShipmentForChange(db, staffId, shipmentId);
      if (!current) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.shipmentNotFound);
      if (current.deliveryCodeLockedUntil && current.deliveryCodeLockedUntil > new Date()) {
        throw refusal('DELIVERY_CODE_LOCKED', DELIVERY_MESSAGES.tooManyTries);
      }
      if (current.status === 'out_for_delivery') {
        // Counted in the database (docs/delivery.md "Wrong codes"): every app instance sees the
        // same count, and tries at the same moment are counted one by one.
        const counted = await repo.recordCodeTry(db, {
          staffId,
          shipmentId,
          code,
          maxTries: DELIVERY_CODE_MAX_TRIES,
          lockMinutes: DELIVERY_CODE_LOCK_MINUTES,
        });
        // Nothing counted although it was out for delivery a moment ago: another try has just
        // locked it (a status change meanwhile is answered by the move below).
        if (!counted) {
          const now = await repo.findShipmentForChange(db, staffId, shipmentId);
          if (now?.deliveryCodeLockedUntil && now.deliveryCodeLockedUntil > new Date()) {
            throw refusal('DELIVERY_CODE_LOCKED', DELIVERY_MESSAGES.tooManyTries);
          }
        } else if (!counted.matched) {
          throw refusal('DELIVERY_CODE_MISMATCH', DELIVERY_MESSAGES.codeMismatch, {
            code: DELIVERY_MESSAGES.codeMismatch,
          });
        }
      }
      const cash = amountToCollect(current);
      return move(
        staffId,
        {
          shipmentId,
          allowedFrom: ['out_for_delivery'],
          to: 'delivered',
          patch: { deliveredAt: new Date(), cashCollectedPaise: cash > 0 ? cash : null },
        },
        async (tx) => {
          await repo.markCodOrderPaidWhenDelivered(tx, current.orderId);
        },
      );
    },

    /**
     * shipped or out_for_delivery -> delivery_failed with the reason (5-300 characters) kept on
     * the shipment and as the history note; the shop may hand it over again or cancel it.
     * @throws AppError 404; 422 wrong status.
     */
    fail(staffId: string, shipmentId: number, reason: string) {
      return move(staffId, {
        shipmentId,
        allowedFrom: ['shipped', 'out_for_delivery'],
        to: 'delivery_failed',
        note: reason,
        patch: { deliveryFailedReason: reason },
      });
    },

    /**
     * `GET /api/delivery/cash?from=&to=`: cash I collected per Indian day in the range (default:
     * the last 30 days up to today), only days with a delivery, oldest first, and the totals.
     * @throws AppError VALIDATION_FAILED when the range is longer than 366 days.
     */
    async cash(
      staffId: string,
      query: { from?: string | undefined; to?: string | undefined },
    ): Promise<DeliveryCashReport> {
      const to = query.to ?? indianDayOf(new Date());
      const from = query.from ?? addDays(to, -(DEFAULT_CASH_DAYS - 1));
      if (Date.parse(to) - Date.parse(from) >= DELIVERY_CASH_MAX_DAYS * DAY_MS) {
        throw new AppError('VALIDATION_FAILED', DELIVERY_MESSAGES.rangeTooLong, {
          from: DELIVERY_MESSAGES.rangeTooLong,
        });
      }
      const days = await repo.findCashPerDay(db, staffId, indianDayRange(from, to));
      return {
        from,
        to,
        days,
        totalShipments: days.reduce((sum, entry) => sum + entry.shipments, 0),
        totalCashPaise: days.reduce((sum, entry) => sum + entry.cashPaise, 0),
      };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
