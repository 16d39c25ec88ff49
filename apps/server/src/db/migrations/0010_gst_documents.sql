CREATE TABLE "business_settings" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"supplier_key" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"financial_year" varchar(5) NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "document_series_supplier_key_kind_financial_year_pk" PRIMARY KEY("supplier_key","kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_number" smallint NOT NULL,
	"description" varchar(200) NOT NULL,
	"hsn" varchar(8) NOT NULL,
	"goods_class" varchar(8) NOT NULL,
	"uqc" varchar(3) DEFAULT 'PCS' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"taxable_value_paise" bigint NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"original_line_id" integer,
	"stock_item_id" integer,
	"product_id" integer,
	CONSTRAINT "tax_document_lines_quantity_positive" CHECK ("tax_document_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"supplier_key" varchar(24) NOT NULL,
	"supplier_gstin" varchar(15) NOT NULL,
	"number" varchar(16) NOT NULL,
	"financial_year" varchar(5) NOT NULL,
	"serial" integer NOT NULL,
	"document_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'issued' NOT NULL,
	"bill_id" integer,
	"shipment_id" integer,
	"original_document_id" integer,
	"recipient_name" varchar(160) NOT NULL,
	"recipient_gstin" varchar(15),
	"place_of_supply_code" varchar(2) NOT NULL,
	"inter_state" boolean NOT NULL,
	"taxable_value_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"reason" text,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	"irn" varchar(64),
	"irn_ack_number" varchar(20),
	"irn_ack_date" timestamp with time zone,
	"signed_qr_code" text,
	CONSTRAINT "tax_documents_kind_known" CHECK ("tax_documents"."kind" in ('tax_invoice', 'bill_of_supply', 'credit_note')),
	CONSTRAINT "tax_documents_status_known" CHECK ("tax_documents"."status" in ('issued', 'cancelled')),
	CONSTRAINT "tax_documents_number_length" CHECK (char_length("tax_documents"."number") <= 16),
	CONSTRAINT "tax_documents_credit_note_has_original" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."original_document_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_status_known";--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "status" SET DATA TYPE varchar(10);--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "status" SET DEFAULT 'open';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_class" varchar(24) DEFAULT 'track-suit' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_class" varchar(24) DEFAULT 'track-suit' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "hsn_class" varchar(24) DEFAULT 'mens-shirt' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "credited_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "hsn_class" varchar(24) DEFAULT 'mens-shirt' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_lines_document_idx" ON "tax_document_lines" USING btree ("document_id","line_number");--> statement-breakpoint
CREATE INDEX "tax_document_lines_original_idx" ON "tax_document_lines" USING btree ("original_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_uq" ON "tax_documents" USING btree ("supplier_key","kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("supplier_key","financial_year","number");--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("document_date","id");--> statement-breakpoint
CREATE INDEX "tax_documents_bill_idx" ON "tax_documents" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "tax_documents_shipment_idx" ON "tax_documents" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "tax_documents_original_idx" ON "tax_documents" USING btree ("original_document_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_credited_not_negative" CHECK ("bills"."credited_paise" >= 0);--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_status_known" CHECK ("bills"."status" in ('open', 'closed', 'cancelled'));--> statement-breakpoint
-- Class what exists (docs/gst.md "HSN"): the same rules as suggestHsnClass in @bazaar/shared.
UPDATE "stock_items" SET "hsn_class" = CASE
  WHEN "item" LIKE 'T-Shirt%' THEN 't-shirt'
  WHEN "item" IN ('Shorts-Sports', 'Trouser-Sports') THEN 'mens-trousers-knitted'
  WHEN "item" LIKE 'Shorts%' OR "item" LIKE 'Trouser%' THEN 'mens-suit-trousers'
  ELSE 'mens-shirt' END;--> statement-breakpoint
UPDATE "bill_items" SET "hsn_class" = CASE
  WHEN "item" LIKE 'T-Shirt%' THEN 't-shirt'
  WHEN "item" IN ('Shorts-Sports', 'Trouser-Sports') THEN 'mens-trousers-knitted'
  WHEN "item" LIKE 'Shorts%' OR "item" LIKE 'Trouser%' THEN 'mens-suit-trousers'
  ELSE 'mens-shirt' END;--> statement-breakpoint
UPDATE "products" SET "hsn_class" = CASE
  WHEN lower("name") ~ 'saree|sari|suit length|unstitched' THEN
    CASE WHEN lower("material") LIKE '%silk%' THEN 'saree-silk'
         WHEN lower("material") LIKE '%cotton%' THEN 'saree-cotton' ELSE 'saree-synthetic' END
  WHEN lower("name") ~ 'dupatta|stole|shawl|scarf' THEN 'dupatta'
  WHEN lower("name") ~ 'bed ?sheet|pillow|towel|bed linen|table linen' THEN 'bed-linen'
  WHEN lower("name") ~ 'curtain|cushion' THEN 'furnishing'
  WHEN lower("name") ~ 't-?shirt|\mtee\M|polo|henley|vest' THEN 't-shirt'
  WHEN lower("name") ~ 'track ?suit' THEN 'track-suit'
  WHEN lower("name") ~ 'jacket|windcheater|puffer|sherwani|waistcoat' THEN 'jacket'
  WHEN lower("name") ~ 'legging|track pants|jogger track|sports shorts' THEN
    CASE WHEN "category" IN ('Women', 'Kids(Girls)') OR lower("name") ~ '\mgirls?\M|women' THEN 'womens-top-knitted' ELSE 'mens-trousers-knitted' END
  WHEN lower("name") ~ 'frock|gown|dress|lehenga|kurti|salwar|anarkali|sharara|palazzo|skirt|dungaree' THEN
    CASE WHEN "category" IN ('Women', 'Kids(Girls)') OR lower("name") ~ '\mgirls?\M|women|frock|gown|lehenga|kurti|salwar|anarkali|sharara|skirt' THEN 'womens-dress' ELSE 'mens-suit-trousers' END
  WHEN lower("name") ~ 'top|blouse' THEN 'womens-top'
  WHEN lower("name") ~ 'shirt|kurta' THEN
    CASE WHEN "category" IN ('Women', 'Kids(Girls)') OR lower("name") ~ '\mgirls?\M|women' THEN 'womens-top' ELSE 'mens-shirt' END
  WHEN lower("name") ~ 'trouser|short|pant|jeans|chino|pyjama' THEN
    CASE WHEN "category" IN ('Women', 'Kids(Girls)') OR lower("name") ~ '\mgirls?\M|women' THEN 'womens-dress' ELSE 'mens-suit-trousers' END
  WHEN "category" IN ('Women', 'Kids(Girls)') THEN 'womens-dress'
  ELSE 'track-suit' END;--> statement-breakpoint
UPDATE "order_items" i SET "hsn_class" = p."hsn_class" FROM "products" p WHERE p."id" = i."product_id";--> statement-breakpoint
-- A cancelled bill leaves the sales reports as a deleted one did (docs/back-office-reports.md).
CREATE OR REPLACE FUNCTION report_bills_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'cancelled' THEN RETURN NEW; END IF;
    INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise)
    VALUES (NEW.customer_id, report_day(NEW.purchased_at), 1, NEW.amount_paise, NEW.gst_paise, NEW.received_paise);
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    moved := NEW.customer_id <> OLD.customer_id OR report_day(NEW.purchased_at) <> report_day(OLD.purchased_at)
      OR (NEW.status = 'cancelled') <> (OLD.status = 'cancelled');
    IF NOT moved THEN
      IF NEW.status <> 'cancelled' AND (NEW.amount_paise <> OLD.amount_paise OR NEW.gst_paise <> OLD.gst_paise OR NEW.received_paise <> OLD.received_paise) THEN
        INSERT INTO report_deltas (customer_id, day, amount_paise, gst_paise, received_paise)
        VALUES (NEW.customer_id, report_day(NEW.purchased_at), NEW.amount_paise - OLD.amount_paise,
          NEW.gst_paise - OLD.gst_paise, NEW.received_paise - OLD.received_paise);
      END IF;
      RETURN NEW;
    END IF;
  END IF;
  IF OLD.status <> 'cancelled' THEN
    INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise,
      quantity, shirt_paise, shorts_paise, trouser_paise)
    SELECT OLD.customer_id, report_day(OLD.purchased_at), -1, -OLD.amount_paise, -OLD.gst_paise,
      -OLD.received_paise, -coalesce(sum(i.quantity), 0),
      -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shirt'), 0),
      -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shorts'), 0),
      -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Trouser'), 0)
    FROM bill_items i WHERE i.bill_id = OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.status <> 'cancelled' THEN
    INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise,
      quantity, shirt_paise, shorts_paise, trouser_paise)
    SELECT NEW.customer_id, report_day(NEW.purchased_at), 1, NEW.amount_paise, NEW.gst_paise,
      NEW.received_paise, coalesce(sum(i.quantity), 0),
      coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shirt'), 0),
      coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shorts'), 0),
      coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Trouser'), 0)
    FROM bill_items i WHERE i.bill_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER report_bills_update ON bills;--> statement-breakpoint
CREATE TRIGGER report_bills_update AFTER UPDATE OF customer_id, purchased_at, amount_paise, gst_paise, received_paise, status ON bills
  FOR EACH ROW EXECUTE FUNCTION report_bills_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7284061);
  UPDATE report_state SET version = version + 1;
  DELETE FROM report_deltas;
  DELETE FROM report_days;
  DELETE FROM report_customer_days;
  DELETE FROM report_customer_months;
  INSERT INTO report_customer_days (customer_id, day, bills, amount_paise, gst_paise,
    received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT b.customer_id, report_day(b.purchased_at), count(*), sum(b.amount_paise),
    sum(b.gst_paise), sum(b.received_paise), coalesce(sum(i.quantity), 0),
    coalesce(sum(i.shirt), 0), coalesce(sum(i.shorts), 0), coalesce(sum(i.trouser), 0)
  FROM bills b
  LEFT JOIN (
    SELECT bill_id, sum(quantity) AS quantity,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Shirt') AS shirt,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Shorts') AS shorts,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Trouser') AS trouser
    FROM bill_items GROUP BY bill_id
  ) i ON i.bill_id = b.id
  WHERE b.status <> 'cancelled'
  GROUP BY b.customer_id, report_day(b.purchased_at)
  -- Day order: a range of days then reads neighbouring pages (rows arrive that way when folded).
  ORDER BY 2, 1;
  INSERT INTO report_customer_months (customer_id, month, bills, amount_paise, gst_paise,
    received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT customer_id, date_trunc('month', day)::date, sum(bills), sum(amount_paise), sum(gst_paise),
    sum(received_paise), sum(quantity), sum(shirt_paise), sum(shorts_paise), sum(trouser_paise)
  FROM report_customer_days GROUP BY customer_id, date_trunc('month', day)::date ORDER BY 2, 1;
  INSERT INTO report_days (day, bills, amount_paise, gst_paise, received_paise, quantity,
    shirt_paise, shorts_paise, trouser_paise, payments_paise)
  SELECT coalesce(c.day, p.day), coalesce(c.bills, 0), coalesce(c.amount_paise, 0),
    coalesce(c.gst_paise, 0), coalesce(c.received_paise, 0), coalesce(c.quantity, 0),
    coalesce(c.shirt_paise, 0), coalesce(c.shorts_paise, 0), coalesce(c.trouser_paise, 0),
    coalesce(p.payments_paise, 0)
  FROM (
    SELECT day, sum(bills) AS bills, sum(amount_paise) AS amount_paise, sum(gst_paise) AS gst_paise,
      sum(received_paise) AS received_paise, sum(quantity) AS quantity,
      sum(shirt_paise) AS shirt_paise, sum(shorts_paise) AS shorts_paise,
      sum(trouser_paise) AS trouser_paise
    FROM report_customer_days GROUP BY day
  ) c
  FULL JOIN (
    SELECT report_day(paid_at) AS day, sum(amount_paise) AS payments_paise
    FROM bill_payments GROUP BY report_day(paid_at)
  ) p ON p.day = c.day;
END
$$;
