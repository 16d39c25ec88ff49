CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_role" varchar(16) NOT NULL,
	"actor_name" varchar(120) NOT NULL,
	"entity" varchar(24) NOT NULL,
	"entity_id" varchar(64) NOT NULL,
	"action" varchar(24) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"stock_item_id" integer,
	"item" varchar(40) NOT NULL,
	"category" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"size" varchar(20) NOT NULL,
	"quantity" integer NOT NULL,
	"rate_paise" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	CONSTRAINT "bill_items_quantity_positive" CHECK ("bill_items"."quantity" > 0),
	CONSTRAINT "bill_items_rate_positive" CHECK ("bill_items"."rate_paise" > 0),
	CONSTRAINT "bill_items_amount" CHECK ("bill_items"."amount_paise" = "bill_items"."quantity" * "bill_items"."rate_paise")
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"received_by" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"gst_paise" integer DEFAULT 0 NOT NULL,
	"received_paise" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"sold_by" text,
	"seller_label" varchar(160) NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_status_known" CHECK ("bills"."status" in ('open', 'closed')),
	CONSTRAINT "bills_amount_positive" CHECK ("bills"."amount_paise" > 0),
	CONSTRAINT "bills_gst_not_negative" CHECK ("bills"."gst_paise" >= 0),
	CONSTRAINT "bills_received_within_total" CHECK ("bills"."received_paise" >= 0 and "bills"."received_paise" <= "bills"."amount_paise" + "bills"."gst_paise")
);
--> statement-breakpoint
CREATE TABLE "customer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"alt_mobile" varchar(10),
	"shop_name" varchar(120) NOT NULL,
	"gstin" varchar(15),
	"locality" varchar(160) NOT NULL,
	"landmark" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"state" varchar(40) DEFAULT 'Bihar' NOT NULL,
	"country" varchar(40) DEFAULT 'India' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_requests_status_known" CHECK ("customer_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "employee_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"alt_mobile" varchar(10),
	"house_mobile" varchar(10),
	"locality" varchar(160) NOT NULL,
	"landmark" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"state" varchar(40) DEFAULT 'Bihar' NOT NULL,
	"country" varchar(40) DEFAULT 'India' NOT NULL,
	"id_proof_path" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item" varchar(40) NOT NULL,
	"category" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_items_quantity_not_negative" CHECK ("stock_items"."quantity" >= 0),
	CONSTRAINT "stock_items_price_not_negative" CHECK ("stock_items"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_item_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"bill_id" integer,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_known" CHECK ("stock_movements"."kind" in ('opening', 'add', 'minus', 'sale', 'return', 'restore')),
	CONSTRAINT "stock_movements_quantity_after_not_negative" CHECK ("stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wholesale_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" integer,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"alt_mobile" varchar(10),
	"shop_name" varchar(120) NOT NULL,
	"gstin" varchar(15),
	"locality" varchar(160) NOT NULL,
	"landmark" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"state" varchar(40) DEFAULT 'Bihar' NOT NULL,
	"country" varchar(40) DEFAULT 'India' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_customers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "wholesale_customers_mobile_format" CHECK ("wholesale_customers"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "wholesale_customers_alt_mobile_format" CHECK ("wholesale_customers"."alt_mobile" is null or "wholesale_customers"."alt_mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "wholesale_customers_pincode_format" CHECK ("wholesale_customers"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "order_status_events" DROP CONSTRAINT "order_status_events_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_status_known";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_reject_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_staff_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_code" varchar(4);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivery_failed_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cash_collected_paise" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_customer_id_wholesale_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."wholesale_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_customer_id_wholesale_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."wholesale_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD CONSTRAINT "wholesale_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD CONSTRAINT "wholesale_customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD CONSTRAINT "wholesale_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "bill_items_bill_idx" ON "bill_items" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id","id");--> statement-breakpoint
CREATE INDEX "bill_payments_paid_idx" ON "bill_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "bills_customer_idx" ON "bills" USING btree ("customer_id","status","id");--> statement-breakpoint
CREATE INDEX "bills_purchased_idx" ON "bills" USING btree ("purchased_at");--> statement-breakpoint
CREATE INDEX "customer_requests_status_idx" ON "customer_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_item_category_type_uq" ON "stock_items" USING btree ("item","category","type");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("stock_item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_customers_email_uq" ON "wholesale_customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_customers_mobile_uq" ON "wholesale_customers" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "wholesale_customers_search_trgm_idx" ON "wholesale_customers" USING gin ((lower("name" || ' ' || "mobile" || ' ' || "shop_name" || ' ' || "locality" || ' ' || "landmark" || ' ' || "city")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_delivery_staff_id_users_id_fk" FOREIGN KEY ("delivery_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_delivery_staff_idx" ON "shipments" USING btree ("delivery_staff_id","status");--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_status_known" CHECK ("order_status_events"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'assigned', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'return_requested', 'return_approved', 'return_rejected', 'returned', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'assigned', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'return_requested', 'return_approved', 'return_rejected', 'returned', 'refunded'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_known" CHECK ("shipments"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'assigned', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'return_requested', 'return_approved', 'return_rejected', 'returned', 'refunded'));