import {
  ORDER_DELIVERY_DAYS,
  ORDER_MESSAGES,
  PENDING_PAYMENT_ORDERS_MAX,
  PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX,
  SHOPPING_MESSAGES,
  cartTotals,
  pendingUnitsLimitMessage,
  stockConflictMessage,
  type BuyNow,
  type PaymentMethod,
} from '@bazaar/shared';
import type { Tx } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordProductStockMovements } from '../shop-catalog/index.js';
import type { OrderView } from './order-view.js';
import * as repo from './orders.repo.js';

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
  /** "Buy now": order only this product and quantity, and leave the cart untouched. */
  buyNow?: BuyNow | undefined;
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
 * Limits what one customer's unpaid online orders may hold, so one account cannot take a
 * product's whole stock off sale (docs/security.md): at most PENDING_PAYMENT_ORDERS_MAX (2)
 * orders waiting for payment, and at most PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX (10) units of
 * one product across them, this order included. Runs under the customer's row lock.
 * @throws AppError CONFLICT PENDING_PAYMENTS_LIMIT / PENDING_UNITS_LIMIT.
 */
async function refuseExcessHolding(
  tx: Tx,
  userId: string,
  lines: readonly { productId: number; name: string; quantity: number }[],
): Promise<void> {
  const held = await repo.findPendingPaymentHoldings(
    tx,
    userId,
    lines.map((line) => line.productId),
  );
  if (held.orderCount >= PENDING_PAYMENT_ORDERS_MAX) {
    throw refusal('PENDING_PAYMENTS_LIMIT', ORDER_MESSAGES.pendingPaymentsLimit);
  }
  const over = lines.find(
    (line) =>
      (held.unitsByProduct.get(line.productId) ?? 0) + line.quantity >
      PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX,
  );
  if (over) throw refusal('PENDING_UNITS_LIMIT', pendingUnitsLimitMessage(over.name));
}

/**
 * Turns the customer's cart into an order inside `tx` (docs/orders.md "Model";
 * docs/decisions/0011-checkout-in-four-statements.md). Four statements: locks the customer's row
 * (a double submit runs one after the other) reading the saved address with it; reads the cart
 * with its products, locking them in product id order (two checkouts never deadlock) so their
 * stock is the latest and stays put; skips unavailable lines (archived or sold out) and refuses
 * a line whose stock is short; then one statement writes the order, one shipment per shop with
 * its items and a first history row (`initialStatus`), and removes the ordered lines from the
 * cart, and one more takes the units from stock through the shop catalog's stock ledger. An
 * online order (`payment_pending`) is refused first when the customer's unpaid orders already
 * hold too much (`refuseExcessHolding`). With `buyNow` the second statement reads and locks that
 * one product as the only line instead of the cart, and the cart is left untouched
 * (docs/orders.md "Buy now"). Totals come from `cartTotals` over live prices (paise). On any
 * error nothing is written, provided the caller lets the transaction roll back.
 * @returns the order's id, number and total, and `view`: what `toOrder` needs to answer it
 *   without reading it back.
 * @throws AppError NOT_FOUND 'Address not found' (also another customer's address); NOT_FOUND
 *   PRODUCT_UNAVAILABLE 'This product is no longer available' for a buy-now product that is
 *   unknown or archived;
 *   VALIDATION_FAILED 'Your cart is empty' when the cart holds no line or only archived ones;
 *   CONFLICT 'Only N left of {name}' / '{name} is out of stock' when stock ran short (also when
 *   every line left is sold out); CONFLICT PENDING_PAYMENTS_LIMIT / PENDING_UNITS_LIMIT.
 */
export async function reserveAndCreateOrder(tx: Tx, input: CreateOrderInput): Promise<PlacedOrder> {
  const { userId } = input;
  const customer = await repo.lockCustomerWithAddress(tx, userId, input.addressId);
  const address = customer?.address;
  if (!customer || !address) throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.addressNotFound);

  // "Buy now" reads and locks its one product instead of the cart: the same one statement.
  const locked = input.buyNow
    ? await repo.lockBuyNowLine(tx, input.buyNow)
    : await repo.lockCartLines(tx, userId);
  if (input.buyNow && locked[0]?.archivedAt !== null) {
    throw refusal('PRODUCT_UNAVAILABLE', SHOPPING_MESSAGES.productUnavailable);
  }
  // Shown and stored in the cart's order: oldest line first (the locks were taken by product id).
  const cart = [...locked].sort(
    (a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.productId - b.productId,
  );
  const lines = cart.filter((row) => row.archivedAt === null && row.stockQuantity > 0);
  if (lines.length === 0) {
    // Lost the race for the last units (or the cart holds only sold-out products): say so, as
    // the reservation would, rather than calling a cart with products in it empty.
    const soldOut = cart.find((row) => row.archivedAt === null);
    if (soldOut) throw refusal('OUT_OF_STOCK', stockConflictMessage(soldOut.name, 0));
    throw refusal('CART_EMPTY', ORDER_MESSAGES.emptyCart);
  }
  // The stock read under the row locks is final for this transaction: refuse a short line now.
  const short = lines.find((line) => line.stockQuantity < line.quantity);
  if (short) throw refusal('OUT_OF_STOCK', stockConflictMessage(short.name, short.stockQuantity));
  if (input.initialStatus === 'payment_pending') await refuseExcessHolding(tx, userId, lines);

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
      sku: line.sku,
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
  const written = await repo.writeOrder(tx, order, parts, { keepCart: input.buyNow !== undefined });
  // The units leave stock through the ledger, one history row per line naming its shipment. The
  // product rows are locked and their stock checked above, so this cannot fall short; if it
  // did, it throws and the transaction rolls back.
  await recordProductStockMovements(
    tx,
    parts.flatMap((part) =>
      part.items.map((item) => ({
        productId: item.productId,
        change: -item.quantity,
        kind: 'order' as const,
        shipmentId: written.shipmentIds.get(part.shopId)!,
      })),
    ),
  );

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
        sku: item.sku ?? '',
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
