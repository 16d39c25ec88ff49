CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"owner_name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"gstin" varchar(15),
	"category" varchar(10) DEFAULT 'Cloth' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"locality" varchar(160) NOT NULL,
	"landmark" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"district" varchar(80) NOT NULL,
	"state" varchar(40) DEFAULT 'Bihar' NOT NULL,
	"pincode" varchar(6) NOT NULL,
	"country" varchar(40) DEFAULT 'India' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_email_unique" UNIQUE("email"),
	CONSTRAINT "shops_pincode_format" CHECK ("shops"."pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "shops_mobile_format" CHECK ("shops"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "shops_category_known" CHECK ("shops"."category" in ('Cloth', 'Sport', 'Paint'))
);
--> statement-breakpoint
CREATE TABLE "colours" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"path" varchar(255) NOT NULL,
	"thumbnail_path" varchar(255) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"sku" varchar(40) NOT NULL,
	"company" varchar(80) NOT NULL,
	"name" varchar(120) NOT NULL,
	"category" varchar(20) NOT NULL,
	"style" varchar(20) NOT NULL,
	"material" varchar(20) NOT NULL,
	"colour" varchar(40) NOT NULL,
	"size" varchar(4) NOT NULL,
	"chest_inches" smallint NOT NULL,
	"length_cm" smallint NOT NULL,
	"mrp_paise" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"offer_percent" smallint DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"placement" varchar(16) DEFAULT 'normal' NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("products"."name" || ' ' || "products"."category" || ' ' || "products"."style" || ' ' || "products"."material" || ' ' || "products"."colour")) STORED NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_paise" > 0),
	CONSTRAINT "products_mrp_not_below_price" CHECK ("products"."mrp_paise" >= "products"."price_paise"),
	CONSTRAINT "products_offer_range" CHECK ("products"."offer_percent" between 0 and 90),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" between 0 and 5),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_placement_known" CHECK ("products"."placement" in ('normal', 'best_selling', 'new_arrivals')),
	CONSTRAINT "products_category_known" CHECK ("products"."category" in ('Men', 'Women', 'Kids(Boy)', 'Kids(Girls)')),
	CONSTRAINT "products_size_known" CHECK ("products"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'))
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" varchar(80) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"subject" varchar(120) NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "colours" ADD CONSTRAINT "colours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_names" ADD CONSTRAINT "product_names_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shops_name_idx" ON "shops" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "colours_shop_name_uq" ON "colours" USING btree ("shop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_shop_name_uq" ON "companies" USING btree ("shop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_names_shop_name_uq" ON "product_names" USING btree ("shop_id","name");--> statement-breakpoint
CREATE INDEX "product_names_shop_idx" ON "product_names" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_sku_uq" ON "products" USING btree ("shop_id","sku");--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise");--> statement-breakpoint
CREATE INDEX "products_placement_idx" ON "products" USING btree ("placement","id");