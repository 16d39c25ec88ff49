CREATE TABLE "settlement_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"order_number" varchar(16) NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"supplier_gstin" varchar(15),
	"inter_state" boolean NOT NULL,
	"entry_date" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"rates_id" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"taxable_value_paise" bigint NOT NULL,
	"commission_paise" bigint NOT NULL,
	"commission_gst_paise" bigint NOT NULL,
	"tcs_cgst_paise" bigint NOT NULL,
	"tcs_sgst_paise" bigint NOT NULL,
	"tcs_igst_paise" bigint NOT NULL,
	"tds_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	CONSTRAINT "settlement_entries_kind_known" CHECK ("settlement_entries"."kind" in ('sale', 'reversal')),
	CONSTRAINT "settlement_entries_net_adds_up" CHECK ("settlement_entries"."net_paise" = "settlement_entries"."gross_paise" - "settlement_entries"."commission_paise" - "settlement_entries"."commission_gst_paise" - "settlement_entries"."tcs_cgst_paise" - "settlement_entries"."tcs_sgst_paise" - "settlement_entries"."tcs_igst_paise" - "settlement_entries"."tds_paise")
);
--> statement-breakpoint
CREATE TABLE "settlement_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"utr" varchar(22) NOT NULL,
	"paid_on" date NOT NULL,
	"note" varchar(200),
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_payouts_utr_unique" UNIQUE("utr"),
	CONSTRAINT "settlement_payouts_amount_positive" CHECK ("settlement_payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"commission_bp" integer NOT NULL,
	"commission_gst_bp" integer NOT NULL,
	"tcs_bp" integer NOT NULL,
	"tds_bp" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_rates_effective_from_unique" UNIQUE("effective_from"),
	CONSTRAINT "settlement_rates_bp_range" CHECK ("settlement_rates"."commission_bp" between 0 and 10000 and "settlement_rates"."commission_gst_bp" between 0 and 10000 and "settlement_rates"."tcs_bp" between 0 and 10000 and "settlement_rates"."tds_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_rates_id_settlement_rates_id_fk" FOREIGN KEY ("rates_id") REFERENCES "public"."settlement_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payouts" ADD CONSTRAINT "settlement_payouts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payouts" ADD CONSTRAINT "settlement_payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_rates" ADD CONSTRAINT "settlement_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_entries_shipment_kind_uq" ON "settlement_entries" USING btree ("shipment_id","kind");--> statement-breakpoint
CREATE INDEX "settlement_entries_shop_date_idx" ON "settlement_entries" USING btree ("shop_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "settlement_entries_date_idx" ON "settlement_entries" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "settlement_payouts_shop_day_idx" ON "settlement_payouts" USING btree ("shop_id","paid_on","id");--> statement-breakpoint
-- The law's rates as the first row (docs/settlements.md): no commission, 18 % GST on a commission, TCS 0.5 % (section 52, from 10-07-2024), TDS 0.1 % (section 194-O, from 01-10-2024).
INSERT INTO "settlement_rates" ("effective_from", "commission_bp", "commission_gst_bp", "tcs_bp", "tds_bp") VALUES ('2024-10-01', 0, 1800, 50, 10);
