CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"company" varchar(80) NOT NULL,
	"size" varchar(4) NOT NULL,
	"colour" varchar(40) NOT NULL,
	"thumbnail_path" varchar(255),
	"price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"quantity" smallint NOT NULL,
	"line_total_paise" integer NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_events_status_known" CHECK ("order_status_events"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" varchar(16) GENERATED ALWAYS AS ('BZ' || lpad("orders"."id"::text, 8, '0')) STORED NOT NULL,
	"user_id" text NOT NULL,
	"status" varchar(20) NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"payment_status" varchar(10) DEFAULT 'pending' NOT NULL,
	"recipient_name" varchar(80) NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"locality" varchar(160) NOT NULL,
	"landmark" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"state" varchar(40) NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"country" varchar(40) NOT NULL,
	"item_count" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"gst_included_paise" integer NOT NULL,
	"delivery_paise" integer DEFAULT 0 NOT NULL,
	"delivery_date" date NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"razorpay_order_id" varchar(64),
	"razorpay_payment_id" varchar(64),
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded')),
	CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('cod', 'razorpay')),
	CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."total_paise" >= 0 and "orders"."mrp_paise" >= 0 and "orders"."discount_paise" >= 0 and "orders"."gst_included_paise" >= 0 and "orders"."delivery_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"item_count" integer NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"delivered_at" timestamp with time zone,
	"return_reason" text,
	"return_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_known" CHECK ("shipments"."status" in ('payment_pending', 'placed', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_shipment_product_uq" ON "order_items" USING btree ("shipment_id","product_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","shipment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_uq" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_razorpay_order_uq" ON "orders" USING btree ("razorpay_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_razorpay_payment_uq" ON "orders" USING btree ("razorpay_payment_id");--> statement-breakpoint
CREATE INDEX "orders_user_placed_idx" ON "orders" USING btree ("user_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_shop_uq" ON "shipments" USING btree ("order_id","shop_id");--> statement-breakpoint
CREATE INDEX "shipments_shop_status_idx" ON "shipments" USING btree ("shop_id","status","id");--> statement-breakpoint
CREATE INDEX "shipments_delivered_idx" ON "shipments" USING btree ("delivered_at");