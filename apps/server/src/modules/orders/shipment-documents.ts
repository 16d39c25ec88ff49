import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  INVOICEABLE_SHIPMENT_STATUSES,
  HSN_CLASSES,
  SHOP_DOCUMENT_PREFIXES,
  gstStateCodeOf,
  indianDateOf,
  variantLabel,
  type DocumentRecipient,
  type DocumentSupplier,
  type IssuedTaxDocument,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders, shipments, shops, taxDocuments } from '../../db/schema/index.js';
import { documentsOfShipment, issueTaxDocument } from '../tax-documents/index.js';

/*
 * The tax documents of a marketplace shipment (docs/gst.md "Marketplace"): the shop, not the
 * platform, is the supplier. Its tax invoice is issued when the shipment is delivered (the time
 * of supply of goods, section 12 of the CGST Act), in its own series `shop:{id}`; a received
 * return issues a credit note against that invoice (section 34). Both are issued inside the
 * status move's transaction, so a refused move issues nothing and takes no serial.
 */

/** Kinds that are a shipment's sale document (one per shipment). */
const SALE_KINDS = new Set(['tax_invoice', 'bill_of_supply']);

/** The series key of a shop's documents. */
export function shopSupplierKey(shopId: number): string {
  return `shop:${shopId}`;
}

/** The shipment with its order's address snapshot and the selling shop, locked `for update`. */
async function lockShipmentForDocuments(tx: Tx, shipmentId: number) {
  const [row] = await tx
    .select({
      shipmentId: shipments.id,
      shopId: shipments.shopId,
      deliveredAt: shipments.deliveredAt,
      returnReason: shipments.returnReason,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      recipientName: orders.recipientName,
      mobile: orders.mobile,
      locality: orders.locality,
      landmark: orders.landmark,
      city: orders.city,
      state: orders.state,
      pincode: orders.pincode,
      shop: {
        name: shops.name,
        locality: shops.locality,
        landmark: shops.landmark,
        city: shops.city,
        state: shops.state,
        pincode: shops.pincode,
        mobile: shops.mobile,
        gstin: shops.gstin,
      },
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(shops, eq(shops.id, shipments.shopId))
    .where(eq(shipments.id, shipmentId))
    .for('update', { of: shipments });
  return row;
}

type ShipmentForDocuments = NonNullable<Awaited<ReturnType<typeof lockShipmentForDocuments>>>;

/**
 * The HSN class of an issued line: each class has its own heading (HSN_CLASSES), so the printed
 * 4- or 6-digit code names it back.
 * @throws Error for a code of no class (snapshots are written from the classes).
 */
function hsnClassKeyOf(hsn: string): string {
  const found = HSN_CLASSES.find((entry) => entry.hsn === hsn || entry.hsn6 === hsn);
  if (!found) throw new Error(`No HSN class prints ${hsn}`);
  return found.key;
}

const streetOf = (locality: string, landmark: string) =>
  landmark ? `${locality}, ${landmark}` : locality;

/** The shop as the supplier printed on its documents (Rule 46(a)); '' GSTIN when unregistered. */
function supplierOf(row: ShipmentForDocuments): DocumentSupplier {
  return {
    name: row.shop.name,
    address: streetOf(row.shop.locality, row.shop.landmark),
    city: row.shop.city,
    pincode: row.shop.pincode,
    state: row.shop.state,
    // Shops are registered in Bihar only (docs/accounts.md): code 10.
    stateCode: gstStateCodeOf(row.shop.state) ?? '10',
    gstin: row.shop.gstin ?? '',
    mobile: row.shop.mobile,
  };
}

/** The customer as printed: the order's delivery address snapshot, an unregistered buyer. */
function recipientOf(row: ShipmentForDocuments): DocumentRecipient {
  return {
    name: row.recipientName,
    shopName: null,
    address: streetOf(row.locality, row.landmark),
    city: row.city,
    pincode: row.pincode,
    state: row.state,
    stateCode: gstStateCodeOf(row.state) ?? '',
    gstin: null,
    mobile: row.mobile,
  };
}

/**
 * The shipment's tax invoice (or bill of supply), issued inside `tx` when it has none yet: the
 * shop as supplier, the order's address as recipient and place of supply, the delivery date as
 * the document date (today when the shipment has no delivery time), prices including GST, one
 * line per order item with the HSN class copied at ordering. Locks the shipment row first, so
 * two callers (the delivery and a first invoice download of an older delivery) issue one
 * document. A shop without a GSTIN cannot issue a tax invoice (section 31): it issues a bill of
 * supply. Answers the shipment's sale document.
 * @throws Error when the shipment does not exist (callers found it first).
 */
export async function ensureShipmentInvoice(
  tx: Tx,
  shipmentId: number,
  issuedBy: string | null = null,
): Promise<IssuedTaxDocument> {
  const row = await lockShipmentForDocuments(tx, shipmentId);
  if (!row) throw new Error(`Shipment ${shipmentId} not found`);
  const existing = (await documentsOfShipment(tx, shipmentId)).find((document) =>
    SALE_KINDS.has(document.snapshot.kind),
  );
  if (existing) return existing;
  const items = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      company: orderItems.company,
      sku: orderItems.sku,
      size: orderItems.size,
      colour: orderItems.colour,
      hsnClass: orderItems.hsnClass,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
    })
    .from(orderItems)
    .where(eq(orderItems.shipmentId, shipmentId))
    .orderBy(asc(orderItems.id));
  const kind = row.shop.gstin ? 'tax_invoice' : 'bill_of_supply';
  return issueTaxDocument(tx, {
    supplierKey: shopSupplierKey(row.shopId),
    supplier: supplierOf(row),
    recipient: recipientOf(row),
    prefix: SHOP_DOCUMENT_PREFIXES[kind],
    kind,
    documentDate: indianDateOf(row.deliveredAt ?? new Date()),
    pricesIncludeTax: true,
    lines: items.map((item) => ({
      description: `${item.name} - ${item.company}`,
      // 'Size: M · Colour: Red · SKU ABC-RED-M': the variant the customer bought.
      details: variantLabel(item, { sku: true }),
      hsnClass: item.hsnClass,
      quantity: item.quantity,
      unitPricePaise: item.pricePaise,
      productId: item.productId,
    })),
    paymentTerms: row.paymentMethod === 'razorpay' ? 'Paid online' : 'Cash on delivery',
    issuedBy,
    shipmentId,
    orderNumber: row.orderNumber,
  });
}

/**
 * The credit note of a received return, issued inside `tx` (docs/gst.md "Credit notes"): every
 * line of the shipment's invoice back, at the invoice's rates (a credit note keeps its invoice's
 * rate whatever the schedule says on its own date), in the shop's credit note series, with the
 * invoice as its original and the customer's return reason. Issues the invoice first when an
 * older delivery has none. A bill of supply is not followed by a credit note (section 34 is for
 * a registered supplier's tax invoice): answers undefined then, and when the shipment already
 * has a credit note.
 */
export async function issueReturnCreditNote(
  tx: Tx,
  shipmentId: number,
  issuedBy: string | null = null,
): Promise<IssuedTaxDocument | undefined> {
  const invoice = await ensureShipmentInvoice(tx, shipmentId, issuedBy);
  if (invoice.snapshot.kind !== 'tax_invoice') return undefined;
  const documents = await documentsOfShipment(tx, shipmentId);
  if (documents.some((document) => document.snapshot.kind === 'credit_note')) return undefined;
  const row = (await lockShipmentForDocuments(tx, shipmentId))!;
  const { snapshot } = invoice;
  return issueTaxDocument(tx, {
    supplierKey: shopSupplierKey(row.shopId),
    supplier: snapshot.supplier,
    recipient: snapshot.recipient,
    prefix: SHOP_DOCUMENT_PREFIXES.credit_note,
    kind: 'credit_note',
    documentDate: indianDateOf(new Date()),
    pricesIncludeTax: snapshot.pricesIncludeTax,
    lines: snapshot.lines.map((line) => ({
      description: line.description,
      details: line.details,
      hsnClass: hsnClassKeyOf(line.hsn),
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.discountPaise,
      productId: line.productId,
      originalLineNumber: line.lineNumber,
      fixedRatePercent: line.ratePercent,
    })),
    paymentTerms: 'Refund',
    issuedBy,
    shipmentId,
    orderNumber: snapshot.reference.orderNumber,
    original: { id: invoice.id, number: snapshot.number, documentDate: snapshot.documentDate },
    reason: row.returnReason ? `Goods returned: ${row.returnReason}` : 'Goods returned',
  });
}

/**
 * The shipment's sale document (tax invoice or bill of supply), or undefined while none is
 * issued. Read-only: documents are issued at delivery and, for deliveries from before documents
 * existed, by `issueMissingShipmentDocuments` at start-up.
 */
export async function shipmentInvoice(
  db: Db,
  shipmentId: number,
): Promise<IssuedTaxDocument | undefined> {
  return (await documentsOfShipment(db, shipmentId)).find((document) =>
    SALE_KINDS.has(document.snapshot.kind),
  );
}

/**
 * Issues the sale document of every delivered (or later) shipment that has none, oldest
 * shipment first, each in its own transaction under the shipment's lock
 * (`ensureShipmentInvoice`), dated its delivery day. Run at start-up after the migrations, so an
 * invoice download never writes; a no-op once every such shipment has one. Answers how many were
 * issued.
 */
export async function issueMissingShipmentDocuments(db: Db): Promise<{ issued: number }> {
  const missing = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        inArray(shipments.status, [...INVOICEABLE_SHIPMENT_STATUSES]),
        sql`not exists (select 1 from ${taxDocuments} where ${taxDocuments.shipmentId} = ${shipments.id} and ${taxDocuments.kind} in ('tax_invoice', 'bill_of_supply'))`,
      ),
    )
    .orderBy(asc(shipments.id));
  for (const { id } of missing) {
    await db.transaction((tx) => ensureShipmentInvoice(tx, id));
  }
  return { issued: missing.length };
}
