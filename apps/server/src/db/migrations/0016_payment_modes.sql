CREATE TABLE "wholesale_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"mode" varchar(16) DEFAULT 'cash' NOT NULL,
	"reference" varchar(22),
	"cheque_number" varchar(6),
	"cheque_bank" varchar(80),
	"cheque_date" date,
	"receipt_number" varchar(16) NOT NULL,
	"financial_year" varchar(5) NOT NULL,
	"receipt_serial" integer NOT NULL,
	"status" varchar(10) DEFAULT 'received' NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"bounced_by" text,
	"received_by" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_payments_amount_positive" CHECK ("wholesale_payments"."amount_paise" > 0),
	CONSTRAINT "wholesale_payments_mode_known" CHECK ("wholesale_payments"."mode" in ('cash', 'upi', 'bank_transfer', 'cheque')),
	CONSTRAINT "wholesale_payments_status_known" CHECK ("wholesale_payments"."status" in ('received', 'bounced')),
	CONSTRAINT "wholesale_payments_reference_by_mode" CHECK (("wholesale_payments"."mode" in ('upi', 'bank_transfer')) = ("wholesale_payments"."reference" is not null)),
	CONSTRAINT "wholesale_payments_cheque_by_mode" CHECK (("wholesale_payments"."mode" = 'cheque') = ("wholesale_payments"."cheque_number" is not null and "wholesale_payments"."cheque_bank" is not null and "wholesale_payments"."cheque_date" is not null)),
	CONSTRAINT "wholesale_payments_bounced_cheque" CHECK ("wholesale_payments"."status" = 'received' or ("wholesale_payments"."mode" = 'cheque' and "wholesale_payments"."bounced_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bill_payments" DROP CONSTRAINT "bill_payments_amount_positive";--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "kind" varchar(10) DEFAULT 'payment' NOT NULL;--> statement-breakpoint
-- Every payment recorded before modes existed becomes one cash payment of its bill (same id), with
-- a receipt numbered in payment order within its Indian financial year, so it prints a receipt
-- too; the receipt series then goes on from the last of each year.
INSERT INTO "wholesale_payments" ("id", "customer_id", "amount_paise", "mode", "receipt_number",
  "financial_year", "receipt_serial", "received_by", "paid_at", "created_at")
SELECT n.id, b.customer_id, n.amount_paise, 'cash',
  'RC/' || n.fy || '/' || lpad(n.serial::text, greatest(5, length(n.serial::text)), '0'),
  n.fy, n.serial, n.received_by, n.paid_at, n.paid_at
FROM (
  SELECT f.*, row_number() OVER (PARTITION BY f.fy ORDER BY f.paid_at, f.id) AS serial
  FROM (
    SELECT p.id, p.bill_id, p.amount_paise, p.received_by, p.paid_at,
      lpad((s.start % 100)::text, 2, '0') || '-' || lpad(((s.start + 1) % 100)::text, 2, '0') AS fy
    FROM "bill_payments" p
    CROSS JOIN LATERAL (
      SELECT extract(year FROM (p.paid_at AT TIME ZONE 'Asia/Kolkata'))::int
        - CASE WHEN extract(month FROM (p.paid_at AT TIME ZONE 'Asia/Kolkata')) < 4 THEN 1 ELSE 0 END AS start
    ) s
  ) f
) n
JOIN "bills" b ON b.id = n.bill_id;--> statement-breakpoint
-- Linking a row to its payment changes no amount: keep the reports' deltas out of it.
ALTER TABLE "bill_payments" DISABLE TRIGGER report_bill_payments_change;--> statement-breakpoint
UPDATE "bill_payments" SET "payment_id" = "id";--> statement-breakpoint
ALTER TABLE "bill_payments" ENABLE TRIGGER report_bill_payments_change;--> statement-breakpoint
ALTER TABLE "bill_payments" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('wholesale_payments', 'id'),
  coalesce((SELECT max("id") FROM "wholesale_payments"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "document_series" ("supplier_key", "kind", "financial_year", "last_serial")
SELECT 'business', 'payment_receipt', "financial_year", max("receipt_serial")
FROM "wholesale_payments" GROUP BY "financial_year"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "wholesale_payments" ADD CONSTRAINT "wholesale_payments_customer_id_wholesale_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."wholesale_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_payments" ADD CONSTRAINT "wholesale_payments_bounced_by_users_id_fk" FOREIGN KEY ("bounced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_payments" ADD CONSTRAINT "wholesale_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_payments_receipt_uq" ON "wholesale_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "wholesale_payments_customer_idx" ON "wholesale_payments" USING btree ("customer_id","paid_at");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_payment_id_wholesale_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."wholesale_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_payment_idx" ON "bill_payments" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_amount_by_kind" CHECK (("bill_payments"."kind" = 'payment' and "bill_payments"."amount_paise" > 0) or ("bill_payments"."kind" = 'reversal' and "bill_payments"."amount_paise" < 0));