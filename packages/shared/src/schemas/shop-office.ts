import { z } from 'zod';
import {
  RETURN_REASON_MAX_CHARS,
  RETURN_REASON_MIN_CHARS,
  SUPPORT_ADMIN_TITLES,
  type OrderStatus,
} from '../constants.js';
import { AadhaarSchema, PersonNameSchema } from './accounts.js';
import { EmailSchema, MobileSchema, pathId } from './fields.js';
import { RefundSchema } from './refunds.js';
import {
  OrderAddressSchema,
  OrderItemSchema,
  OrderStatusEventSchema,
  OrderStatusSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
} from './orders.js';

/**
 * The shop office's orders, support admins, customers and support (docs/shop-office.md is
 * the contract). Every route is scoped to the session's shop. Money is
 * integer paise, times ISO 8601, days `YYYY-MM-DD`.
 */

/** Rows per page of the shop office's lists. */
export const SHOP_OFFICE_PAGE_SIZE = 10;
/** A support admin must be at least this old on the day they are created. */
export const SUPPORT_ADMIN_MIN_AGE_YEARS = 18;

/** Texts of the shop office; the server's refusals carry these messages. */
export const SHOP_OFFICE_MESSAGES = {
  shipmentNotFound: 'Shipment not found',
  chooseDeliveryStaff: 'Choose a delivery staff member',
  deliveryStaffNotFound: 'This delivery staff member is not available',
  reasonLength: `Please tell us the reason in ${RETURN_REASON_MIN_CHARS} to ${RETURN_REASON_MAX_CHARS} characters`,
  accepted: 'Order accepted',
  packed: 'Order packed',
  assigned: 'Order handed to delivery',
  cancelled: 'Order cancelled',
  returnApproved: 'Return approved',
  returnRejected: 'Return rejected',
  returnReceived: 'Goods received back; stock restored',
  supportAdminCreated: 'Support admin created successfully',
  supportAdminDisabled: 'Support admin disabled',
  supportAdminNotFound: 'Support admin not found',
  tooYoung: `A support admin must be at least ${SUPPORT_ADMIN_MIN_AGE_YEARS} years old`,
  dateOfBirth: 'Enter a valid date of birth',
  chooseRole: 'Choose a role',
  emailTaken: 'This email is already registered',
  mobileTaken: 'This mobile number is already registered',
  messageNotFound: 'Message not found',
} as const;

/** The three lists of the Home tiles. */
export const SHOP_ORDER_VIEWS = ['new', 'returns', 'history'] as const;
export type ShopOrderView = (typeof SHOP_ORDER_VIEWS)[number];

/**
 * The page of each list per shop role: the web's menus and the order mails' links
 * (docs/shop-office.md, docs/notifications.md) read this one table.
 */
export const SHOP_ORDER_PAGES = {
  seller: { new: '/NewOrder', returns: '/OrderStatus', history: '/OrderHistory' },
  support_admin: {
    new: '/SupportAdminNewOrder',
    returns: '/SupportAdminReturnOrderInfo',
    history: '/SupportAdminOrderHistory',
  },
} as const satisfies Record<'seller' | 'support_admin', Record<ShopOrderView, string>>;

/**
 * Statuses of each list: new = still to send out, and online orders awaiting payment (shown
 * read-only, no action starts from `payment_pending`; docs/security.md); returns = to decide or
 * receive; history = the rest.
 */
export const SHOP_ORDER_VIEW_STATUSES = {
  new: ['payment_pending', 'placed', 'confirmed', 'packed', 'delivery_failed'],
  returns: ['return_requested', 'return_approved'],
  history: [
    'assigned',
    'shipped',
    'out_for_delivery',
    'delivered',
    'cancelled',
    'return_rejected',
    'returned',
    'refunded',
  ],
} as const satisfies Record<ShopOrderView, readonly OrderStatus[]>;

/** The shop-office actions and the statuses each starts from (the web shows only these buttons). */
export const SHOP_ORDER_ACTIONS = {
  accept: ['placed'],
  pack: ['confirmed'],
  assign: ['packed', 'delivery_failed'],
  cancel: ['placed', 'confirmed', 'packed', 'delivery_failed'],
  approveReturn: ['return_requested'],
  rejectReturn: ['return_requested'],
  receiveReturn: ['return_approved'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type ShopOrderAction = keyof typeof SHOP_ORDER_ACTIONS;

/** The actions valid for a shipment in `status`, in the order the buttons show. */
export function shopOrderActionsFor(status: OrderStatus): ShopOrderAction[] {
  return (Object.keys(SHOP_ORDER_ACTIONS) as ShopOrderAction[]).filter((action) =>
    (SHOP_ORDER_ACTIONS[action] as readonly OrderStatus[]).includes(status),
  );
}

/** Whole years between a `YYYY-MM-DD` birth date and `today` (same format), calendar exact. */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'page must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'page must be at least 1'))
  .default(1);

const searchParam = z.string().trim().max(80, 'Search is too long').default('');

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a valid date')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Choose a valid date');

const reason = z
  .string(SHOP_OFFICE_MESSAGES.reasonLength)
  .trim()
  .min(RETURN_REASON_MIN_CHARS, SHOP_OFFICE_MESSAGES.reasonLength)
  .max(RETURN_REASON_MAX_CHARS, SHOP_OFFICE_MESSAGES.reasonLength);

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });

/* ------------------------------------------------------------------ orders */

/** `GET /api/shop/summary`: the Home tiles' counts of this shop's shipments. */
export const ShopSummarySchema = z.object({
  newOrders: z.number().int(),
  returnOrders: z.number().int(),
  orderHistory: z.number().int(),
});
export type ShopSummary = z.infer<typeof ShopSummarySchema>;

/**
 * `GET /api/shop/orders?view=&search=&status=&from=&to=&page=`: search matches the order number,
 * customer name or mobile (part of it, any case); status narrows the list (history); from/to
 * are Indian days the order was placed on.
 */
export const ShopOrderListQuerySchema = z
  .object({
    view: z.enum(SHOP_ORDER_VIEWS).default('new'),
    search: searchParam,
    status: OrderStatusSchema.optional(),
    from: day.optional(),
    to: day.optional(),
    page: pageParam,
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  });
export type ShopOrderListQuery = z.output<typeof ShopOrderListQuerySchema>;
/** What the web sends (every field optional). */
export type ShopOrderListParams = Omit<z.input<typeof ShopOrderListQuerySchema>, 'page'> & {
  page?: number;
};

/** Path parameter `{shipmentId}`. */
export const ShopShipmentParamsSchema = z.object({ shipmentId: pathId('shipmentId') });

/** One row of the shop's order lists: one shipment (this shop's part of an order). */
export const ShopOrderRowSchema = z.object({
  shipmentId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  placedAt: z.string(),
  updatedAt: z.string(),
  customerName: z.string(),
  mobile: z.string(),
  /** Units in this shipment. */
  itemCount: z.number().int(),
  /** The products' names, in line order. */
  itemNames: z.array(z.string()),
  /** This shop's part of the order, paise. */
  subtotalPaise: z.number().int(),
  paymentMethod: PaymentMethodSchema,
  paymentStatus: PaymentStatusSchema,
  status: OrderStatusSchema,
});
export type ShopOrderRow = z.infer<typeof ShopOrderRowSchema>;

export const ShopOrderPageSchema = page(ShopOrderRowSchema);
export type ShopOrderPage = z.infer<typeof ShopOrderPageSchema>;

/** A delivery staff member one can hand a shipment to. */
export const DeliveryStaffOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
});
export type DeliveryStaffOption = z.infer<typeof DeliveryStaffOptionSchema>;

/** `GET /api/shop/orders/{shipmentId}`: one shipment with everything the detail drawer shows. */
export const ShopOrderDetailSchema = ShopOrderRowSchema.extend({
  customerEmail: z.string(),
  address: OrderAddressSchema,
  items: z.array(OrderItemSchema),
  /** Oldest first. */
  history: z.array(OrderStatusEventSchema),
  deliveryStaff: DeliveryStaffOptionSchema.nullable(),
  assignedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  deliveryFailedReason: z.string().nullable(),
  returnReason: z.string().nullable(),
  returnRejectReason: z.string().nullable(),
  /**
   * The money going back for this shipment, with the payee's whole account for a cash-on-delivery
   * refund (the shop transfers it), else null.
   */
  refund: RefundSchema.nullable(),
  /** The actions valid now (`shopOrderActionsFor(status)`). */
  actions: z.array(
    z.enum(Object.keys(SHOP_ORDER_ACTIONS) as [ShopOrderAction, ...ShopOrderAction[]]),
  ),
});
export type ShopOrderDetail = z.infer<typeof ShopOrderDetailSchema>;

/** `POST .../assign`: the delivery staff member's user id. */
export const AssignShipmentInputSchema = z
  .object({
    deliveryStaffId: z
      .string(SHOP_OFFICE_MESSAGES.chooseDeliveryStaff)
      .trim()
      .min(1, SHOP_OFFICE_MESSAGES.chooseDeliveryStaff)
      .max(64, SHOP_OFFICE_MESSAGES.chooseDeliveryStaff),
  })
  .strict();
export type AssignShipmentInput = z.infer<typeof AssignShipmentInputSchema>;

/** `POST .../cancel` and `.../return/reject`: why (5-500 characters). */
export const ShopReasonInputSchema = z.object({ reason }).strict();
export type ShopReasonInput = z.infer<typeof ShopReasonInputSchema>;

/** `GET /api/shop/delivery-staff`. */
export const DeliveryStaffListSchema = z.array(DeliveryStaffOptionSchema);

/* ------------------------------------------------------------------ support admins */

/** `POST /api/shop/support-admins` (docs/shop-office.md). */
export const CreateSupportAdminInputSchema = z
  .object({
    name: PersonNameSchema,
    email: EmailSchema,
    mobile: MobileSchema,
    dateOfBirth: z.iso.date(SHOP_OFFICE_MESSAGES.dateOfBirth),
    aadhaarNumber: AadhaarSchema,
    jobTitle: z.enum(SUPPORT_ADMIN_TITLES, SHOP_OFFICE_MESSAGES.chooseRole),
  })
  .strict();
export type CreateSupportAdminInput = z.infer<typeof CreateSupportAdminInputSchema>;

/** Path parameter `{userId}`. */
export const SupportAdminParamsSchema = z.object({ userId: z.string().min(1).max(64) });

export const SupportAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  jobTitle: z.string().nullable(),
  createdAt: z.string(),
  /** ISO time it was disabled, null while active. */
  disabledAt: z.string().nullable(),
});
export type SupportAdmin = z.infer<typeof SupportAdminSchema>;

/**
 * 201 of the create: the account and its generated password, shown this once (docs/shop-office.md).
 */
export const CreatedSupportAdminSchema = z.object({
  supportAdmin: SupportAdminSchema,
  password: z.string(),
  message: z.string(),
});
export type CreatedSupportAdmin = z.infer<typeof CreatedSupportAdminSchema>;

export const SupportAdminListSchema = z.array(SupportAdminSchema);

/* ------------------------------------------------------------------ customers */

/** `GET /api/shop/customers?search=&page=`: search matches name, email or mobile. */
export const ShopCustomerQuerySchema = z.object({ search: searchParam, page: pageParam }).strict();
export type ShopCustomerQuery = z.input<typeof ShopCustomerQuerySchema>;

/** A customer who bought from this shop (cancelled and unpaid orders not counted). */
export const ShopCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  orderCount: z.number().int(),
  lastOrderAt: z.string(),
  /** Sum of this shop's shipments' subtotals, paise. */
  totalSpentPaise: z.number().int(),
});
export type ShopCustomer = z.infer<typeof ShopCustomerSchema>;
export const ShopCustomerPageSchema = page(ShopCustomerSchema);
export type ShopCustomerPage = z.infer<typeof ShopCustomerPageSchema>;

/* ------------------------------------------------------------------ support */

/**
 * `GET /api/support/contact`. Each text has a length limit, so the answer is known to stay under
 * the server's compression threshold (1 KB) and its route runs without compression hooks.
 */
export const SupportContactSchema = z.object({
  phone: z.string().max(20),
  email: z.string().max(80),
  address: z.string().max(120),
  hours: z.string().max(80),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;

/** `GET /api/support/messages?unread=&page=`: `unread=true` lists only unread messages. */
export const SupportMessageQuerySchema = z
  .object({ unread: z.enum(['true', 'false']).default('false'), page: pageParam })
  .strict();
export type SupportMessageQuery = z.input<typeof SupportMessageQuerySchema>;

export const SupportMessageParamsSchema = z.object({ id: pathId('id') });

/** A message from the public Contact page. */
export const SupportMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;
export const SupportMessagePageSchema = page(SupportMessageSchema).extend({
  unreadCount: z.number().int(),
});
export type SupportMessagePage = z.infer<typeof SupportMessagePageSchema>;
