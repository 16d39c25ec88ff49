CREATE TABLE "product_stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"shipment_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_movements_kind_known" CHECK ("product_stock_movements"."kind" in ('listed', 'edit', 'order', 'cancel', 'return')),
	CONSTRAINT "product_stock_movements_quantity_after_not_negative" CHECK ("product_stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_movements" ADD CONSTRAINT "product_stock_movements_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_movements_product_idx" ON "product_stock_movements" USING btree ("product_id","id");