import { z } from 'zod';
import { DELIVERY_CODE_LENGTH } from '../constants.js';
import { pathId } from './fields.js';
import {
  OrderAddressSchema,
  OrderStatusEventSchema,
  OrderStatusSchema,
  PaymentMethodSchema,
} from './orders.js';

/**
 * The delivery staff area (docs/delivery.md is the contract). A delivery staff
 * member sees only the shipments handed to them. Money is integer paise, times ISO 8601, days
 * `YYYY-MM-DD` in India (Asia/Kolkata).
 */

/** Rows per page of the delivery lists. */
export const DELIVERY_PAGE_SIZE = 10;
/** Wrong delivery codes allowed per shipment before tries are refused for a while. */
export const DELIVERY_CODE_MAX_TRIES = 5;
/** How long tries are refused after too many wrong codes, minutes. */
export const DELIVERY_CODE_LOCK_MINUTES = 15;
export const DELIVERY_FAIL_REASON_MIN_CHARS = 5;
export const DELIVERY_FAIL_REASON_MAX_CHARS = 300;
/** The cash report covers at most this many days. */
export const DELIVERY_CASH_MAX_DAYS = 366;

/** Texts of the delivery area; the server's refusals carry these messages. */
export const DELIVERY_MESSAGES = {
  shipmentNotFound: 'Shipment not found',
  codeFormat: `Enter the ${DELIVERY_CODE_LENGTH}-digit delivery code`,
  codeMismatch: 'The delivery code does not match',
  tooManyTries: `Too many wrong codes. Try again in ${DELIVERY_CODE_LOCK_MINUTES} minutes`,
  failReasonLength: `Please tell us the reason in ${DELIVERY_FAIL_REASON_MIN_CHARS} to ${DELIVERY_FAIL_REASON_MAX_CHARS} characters`,
  dateFormat: 'Choose a valid date',
  dateRange: 'The start date must not be after the end date',
  rangeTooLong: `Choose at most ${DELIVERY_CASH_MAX_DAYS} days`,
} as const;

/** Which shipments a list shows: still to deliver, or done (delivered, failed, returned...). */
export const DELIVERY_VIEWS = ['active', 'history'] as const;
export type DeliveryView = (typeof DELIVERY_VIEWS)[number];

/** Statuses of `view=active`: handed over and not finished yet. */
export const DELIVERY_ACTIVE_STATUSES = [
  'assigned',
  'shipped',
  'out_for_delivery',
] as const satisfies readonly z.infer<typeof OrderStatusSchema>[];

/** The action a delivery staff member takes next on a shipment in each active status. */
export const DELIVERY_NEXT_ACTION = {
  assigned: 'pick-up',
  shipped: 'out-for-delivery',
  out_for_delivery: 'deliver',
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DELIVERY_MESSAGES.dateFormat)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DELIVERY_MESSAGES.dateFormat);

/** Path parameter `{shipmentId}`. */
export const DeliveryShipmentParamsSchema = z.object({ shipmentId: pathId('shipmentId') });

/** `GET /api/delivery/shipments?view=&search=&from=&to=&page=`. */
export const DeliveryListQuerySchema = z
  .object({
    view: z.enum(DELIVERY_VIEWS).default('active'),
    /** Order number, customer name or mobile (part of it). */
    search: z.string().trim().max(80).optional(),
    /** Finished on or after this Indian day (history). */
    from: day.optional(),
    /** Finished on or before this Indian day (history). */
    to: day.optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'page must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'page must be at least 1'))
      .default(1),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: DELIVERY_MESSAGES.dateRange,
    path: ['to'],
  });
export type DeliveryListQuery = z.output<typeof DeliveryListQuerySchema>;

/** `GET /api/delivery/cash?from=&to=` (defaults: the last 30 days up to today). */
export const DeliveryCashQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: DELIVERY_MESSAGES.dateRange,
    path: ['to'],
  });
export type DeliveryCashQuery = z.output<typeof DeliveryCashQuerySchema>;

/** `POST .../deliver`: the customer's 4-digit code. */
export const DeliverInputSchema = z
  .object({
    code: z
      .string(DELIVERY_MESSAGES.codeFormat)
      .trim()
      .regex(new RegExp(`^\\d{${DELIVERY_CODE_LENGTH}}$`), DELIVERY_MESSAGES.codeFormat),
  })
  .strict();
export type DeliverInput = z.infer<typeof DeliverInputSchema>;

/** `POST .../fail`: why the delivery failed (5-300 characters). */
export const DeliveryFailInputSchema = z
  .object({
    reason: z
      .string(DELIVERY_MESSAGES.failReasonLength)
      .trim()
      .min(DELIVERY_FAIL_REASON_MIN_CHARS, DELIVERY_MESSAGES.failReasonLength)
      .max(DELIVERY_FAIL_REASON_MAX_CHARS, DELIVERY_MESSAGES.failReasonLength),
  })
  .strict();
export type DeliveryFailInput = z.infer<typeof DeliveryFailInputSchema>;

/** `GET /api/delivery/summary`: today's numbers (Indian day) of the signed-in staff member. */
export const DeliverySummarySchema = z.object({
  /** Today in India, YYYY-MM-DD. */
  day: z.string(),
  /** Handed to me and not finished (assigned, shipped, out for delivery), whatever the day. */
  active: z.number().int(),
  deliveredToday: z.number().int(),
  failedToday: z.number().int(),
  /** Cash on delivery collected today, paise. */
  cashTodayPaise: z.number().int(),
});
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>;

/** One product to hand over. */
export const DeliveryItemSchema = z.object({
  name: z.string(),
  company: z.string(),
  /** The variant's SKU (size and colour name the variant too). */
  sku: z.string(),
  size: z.string(),
  colour: z.string(),
  quantity: z.number().int(),
});
export type DeliveryItem = z.infer<typeof DeliveryItemSchema>;

/** A shipment as the delivery staff member sees it. */
export const DeliveryShipmentSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  status: OrderStatusSchema,
  /** The recipient of the order's address snapshot. */
  customer: z.object({ name: z.string(), mobile: z.string() }),
  address: OrderAddressSchema,
  items: z.array(DeliveryItemSchema),
  itemCount: z.number().int(),
  subtotalPaise: z.number().int(),
  paymentMethod: PaymentMethodSchema,
  /** Cash to take at the door: the subtotal for an unpaid cash-on-delivery order, else 0. */
  amountToCollectPaise: z.number().int(),
  /** Cash taken at the door (delivered COD shipments), else null. */
  cashCollectedPaise: z.number().int().nullable(),
  assignedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When it was delivered or its delivery failed; null while active. */
  finishedAt: z.string().nullable(),
  deliveryFailedReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryShipment = z.infer<typeof DeliveryShipmentSchema>;

/** `GET /api/delivery/shipments/{shipmentId}`: the shipment with its status history. */
export const DeliveryShipmentDetailSchema = DeliveryShipmentSchema.extend({
  history: z.array(OrderStatusEventSchema),
});
export type DeliveryShipmentDetail = z.infer<typeof DeliveryShipmentDetailSchema>;

/** `GET /api/delivery/shipments`: 10 a page. */
export const DeliveryShipmentPageSchema = z.object({
  items: z.array(DeliveryShipmentSchema),
  page: z.number().int(),
  pageSize: z.literal(DELIVERY_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type DeliveryShipmentPage = z.infer<typeof DeliveryShipmentPageSchema>;

/** One day of the cash report. */
export const DeliveryCashDaySchema = z.object({
  /** Indian day, YYYY-MM-DD. */
  day: z.string(),
  /** Shipments delivered that day (cash or prepaid). */
  shipments: z.number().int(),
  cashPaise: z.number().int(),
});
export type DeliveryCashDay = z.infer<typeof DeliveryCashDaySchema>;

/** `GET /api/delivery/cash`: days with deliveries in the range, oldest first, and the totals. */
export const DeliveryCashReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(DeliveryCashDaySchema),
  totalShipments: z.number().int(),
  totalCashPaise: z.number().int(),
});
export type DeliveryCashReport = z.infer<typeof DeliveryCashReportSchema>;
