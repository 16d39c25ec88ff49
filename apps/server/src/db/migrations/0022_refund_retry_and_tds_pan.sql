ALTER TABLE "settlement_rates" DROP CONSTRAINT "settlement_rates_bp_range";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "pan" varchar(10);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "tds_pan" varchar(10);--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "tds_bp" integer;--> statement-breakpoint
-- Entries written before PANs were read kept the PAN rate of their rates row (every shop got
-- 0.1 %); they say so now, and name the PAN their invoice's GSTIN carries. Never recomputed.
UPDATE "settlement_entries" SET "tds_bp" = r."tds_bp" FROM "settlement_rates" r WHERE r."id" = "settlement_entries"."rates_id";--> statement-breakpoint
UPDATE "settlement_entries" SET "tds_pan" = substr("supplier_gstin", 3, 10) WHERE "supplier_gstin" IS NOT NULL AND substr("supplier_gstin", 3, 10) ~ '^[A-Z]{5}[0-9]{4}[A-Z]$';--> statement-breakpoint
ALTER TABLE "settlement_entries" ALTER COLUMN "tds_bp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_rates" ADD COLUMN "tds_no_pan_bp" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_pan_format" CHECK ("shops"."pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_positive" CHECK ("refunds"."attempt" >= 1);--> statement-breakpoint
ALTER TABLE "settlement_rates" ADD CONSTRAINT "settlement_rates_bp_range" CHECK ("settlement_rates"."commission_bp" between 0 and 10000 and "settlement_rates"."commission_gst_bp" between 0 and 10000 and "settlement_rates"."tcs_bp" between 0 and 10000 and "settlement_rates"."tds_bp" between 0 and 10000 and "settlement_rates"."tds_no_pan_bp" between 0 and 10000);