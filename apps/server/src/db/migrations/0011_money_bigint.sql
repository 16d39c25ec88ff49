-- Money is integer paise as bigint end to end (docs/architecture.md): a 32-bit integer stops at
-- 2147483647 paise (about Rs 2.1 crore), less than one cart of 30 pieces at the price cap.
-- The report trigger on bills names money columns (UPDATE OF), which blocks changing their type:
-- it is dropped here and created again, unchanged, at the end.
DROP TRIGGER report_bills_update ON bills;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "mrp_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "mrp_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "line_total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "mrp_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "gst_included_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "subtotal_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "cash_collected_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bill_items" ALTER COLUMN "rate_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bill_items" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bill_payments" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "gst_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "received_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "credited_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "refunded_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stock_items" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
CREATE TRIGGER report_bills_update AFTER UPDATE OF customer_id, purchased_at, amount_paise, gst_paise, received_paise, status ON bills
  FOR EACH ROW EXECUTE FUNCTION report_bills_change();--> statement-breakpoint
-- A bill line's amount reaches the report deltas through this helper: its parameters follow the
-- column (a 32-bit parameter would overflow before the bigint delta column is reached).
DROP FUNCTION report_bill_line_delta(integer, text, integer, integer, integer);--> statement-breakpoint
CREATE FUNCTION report_bill_line_delta(line_bill_id integer, line_item text, line_quantity integer, line_amount_paise bigint, direction integer) RETURNS void LANGUAGE sql AS $$
  -- A line deleted with its bill finds no bill: the bill's own trigger has taken it off.
  INSERT INTO report_deltas (customer_id, day, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT b.customer_id, report_day(b.purchased_at), direction * line_quantity,
    CASE WHEN split_part(line_item, '-', 1) = 'Shirt' THEN direction * line_amount_paise ELSE 0 END,
    CASE WHEN split_part(line_item, '-', 1) = 'Shorts' THEN direction * line_amount_paise ELSE 0 END,
    CASE WHEN split_part(line_item, '-', 1) = 'Trouser' THEN direction * line_amount_paise ELSE 0 END
  FROM bills b WHERE b.id = line_bill_id
$$;
