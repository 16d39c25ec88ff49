CREATE TABLE "product_designs" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"company" varchar(80) NOT NULL,
	"name" varchar(120) NOT NULL,
	"category" varchar(20) NOT NULL,
	"style" varchar(20) NOT NULL,
	"material" varchar(20) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hsn_class" varchar(24) DEFAULT 'track-suit' NOT NULL,
	"placement" varchar(16) DEFAULT 'normal' NOT NULL,
	"default_product_id" integer,
	"min_price_paise" bigint DEFAULT 0 NOT NULL,
	"max_price_paise" bigint DEFAULT 0 NOT NULL,
	"best_discount_percent" smallint DEFAULT 0 NOT NULL,
	"colours" text[] DEFAULT '{}'::text[] NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"stock_total" integer DEFAULT 0 NOT NULL,
	"live_variant_count" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_designs_placement_known" CHECK ("product_designs"."placement" in ('normal', 'best_selling', 'new_arrivals')),
	CONSTRAINT "product_designs_category_known" CHECK ("product_designs"."category" in ('Men', 'Women', 'Kids(Boy)', 'Kids(Girls)'))
);
--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "design_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "design_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_designs" ADD CONSTRAINT "product_designs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_designs" ADD CONSTRAINT "product_designs_default_product_id_products_id_fk" FOREIGN KEY ("default_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_designs_shop_idx" ON "product_designs" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "product_designs_search_trgm_idx" ON "product_designs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_designs_min_price_idx" ON "product_designs" USING btree ("min_price_paise");--> statement-breakpoint
CREATE INDEX "product_designs_placement_idx" ON "product_designs" USING btree ("placement","id");--> statement-breakpoint
CREATE INDEX "product_designs_company_lower_idx" ON "product_designs" USING btree (lower("company"));--> statement-breakpoint
CREATE INDEX "product_designs_discount_idx" ON "product_designs" USING btree ("best_discount_percent");--> statement-breakpoint
CREATE INDEX "product_designs_colours_idx" ON "product_designs" USING gin ("colours");--> statement-breakpoint
CREATE INDEX "product_designs_sizes_idx" ON "product_designs" USING gin ("sizes");--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_design_id_product_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."product_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_design_id_product_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."product_designs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_design_idx" ON "product_images" USING btree ("design_id","position");--> statement-breakpoint
CREATE INDEX "products_design_idx" ON "products" USING btree ("design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_design_size_colour_uq" ON "products" USING btree ("design_id","size",lower("colour")) WHERE "products"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_low_stock_threshold_range" CHECK ("shops"."low_stock_threshold" between 0 and 100000);
--> statement-breakpoint
-- The ONE writer of a design's card aggregates (docs/catalog.md "Designs and variants"), called
-- by refreshDesignSummary (modules/shop-catalog/design-summary.ts) in the transaction of every
-- change to a variant's price, MRP, stock, size, colour, rating or archive, and by the data
-- move below. Money in paise; rating weighted by each variant's rating count; sizes in the
-- SIZES order; the default variant is the cheapest in stock, else the cheapest. A design
-- without live variants is archived; one that gets a live variant back is listed again.
CREATE OR REPLACE FUNCTION refresh_design_summary(design_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "product_designs" d SET
    "min_price_paise" = coalesce(s."min_price", 0),
    "max_price_paise" = coalesce(s."max_price", 0),
    "best_discount_percent" = coalesce(s."best_discount", 0),
    "colours" = s."colours",
    "sizes" = s."sizes",
    "stock_total" = coalesce(s."stock_total", 0),
    "live_variant_count" = s."live_count",
    "rating" = coalesce(s."rating", 0),
    "rating_count" = coalesce(s."rating_count", 0),
    "default_product_id" = s."default_id",
    "search_text" = lower(d."name" || ' ' || d."category" || ' ' || d."style" || ' ' || d."material"
      || ' ' || array_to_string(s."colours", ' ')),
    "archived_at" = CASE WHEN s."live_count" = 0 THEN coalesce(d."archived_at", now()) ELSE NULL END,
    "updated_at" = now()
  FROM unnest(design_ids) AS x("id")
  CROSS JOIN LATERAL (
    SELECT
      min(p."price_paise") AS "min_price",
      max(p."price_paise") AS "max_price",
      max((p."mrp_paise" - p."price_paise") * 100 / p."mrp_paise")::smallint AS "best_discount",
      coalesce(array_agg(DISTINCT p."colour" ORDER BY p."colour") FILTER (WHERE p."id" IS NOT NULL), '{}') AS "colours",
      array(SELECT u."label" FROM unnest(ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL']) WITH ORDINALITY AS u("label", "n")
        WHERE u."label" = ANY (array_agg(p."size")) ORDER BY u."n") AS "sizes",
      sum(p."stock_quantity")::int AS "stock_total",
      count(p."id")::int AS "live_count",
      sum(p."rating_count")::int AS "rating_count",
      round(sum(p."rating" * p."rating_count") / nullif(sum(p."rating_count"), 0), 1) AS "rating",
      (SELECT q."id" FROM "products" q WHERE q."design_id" = x."id" AND q."archived_at" IS NULL
        ORDER BY (q."stock_quantity" > 0) DESC, q."price_paise", q."id" LIMIT 1) AS "default_id"
    FROM "products" p WHERE p."design_id" = x."id" AND p."archived_at" IS NULL
  ) AS s
  WHERE d."id" = x."id"
$$;
--> statement-breakpoint
-- Data move (docs/decisions/0029-designs-with-variants.md): one design per shop, name, company,
-- category, style and material; when two live products of such a group share size and colour,
-- the second (third ...) goes to a design of its own, so every design has one live variant per
-- size and colour. Archived products join their group's first design. Design ids are the group
-- numbers (the table is new), and every product keeps its id, so carts, wishlists, orders,
-- reviews and stock history keep pointing where they did.
CREATE TABLE "_variant_design_groups" AS
SELECT "id" AS "product_id",
  dense_rank() OVER (ORDER BY "shop_id", "name", "company", "category", "style", "material", "split")::int AS "design_id"
FROM (
  SELECT "id", "shop_id", "name", "company", "category", "style", "material",
    CASE WHEN "archived_at" IS NULL
      THEN row_number() OVER (
        PARTITION BY "shop_id", "name", "company", "category", "style", "material", "size", lower("colour"), ("archived_at" IS NULL)
        ORDER BY "id")
      ELSE 1 END AS "split"
  FROM "products"
) AS "ranked";--> statement-breakpoint
INSERT INTO "product_designs" ("id", "shop_id", "company", "name", "category", "style", "material",
  "description", "hsn_class", "placement", "archived_at", "created_at", "updated_at")
SELECT DISTINCT ON (g."design_id") g."design_id", p."shop_id", p."company", p."name", p."category",
  p."style", p."material", p."description", p."hsn_class", p."placement", p."archived_at",
  p."created_at", p."updated_at"
FROM "_variant_design_groups" g JOIN "products" p ON p."id" = g."product_id"
-- The newest live product speaks for the design (its description, HSN class, placement).
ORDER BY g."design_id", (p."archived_at" IS NULL) DESC, p."id" DESC;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('product_designs', 'id'), coalesce((SELECT max("id") FROM "product_designs"), 0) + 1, false);--> statement-breakpoint
UPDATE "products" p SET "design_id" = g."design_id" FROM "_variant_design_groups" g WHERE g."product_id" = p."id";--> statement-breakpoint
DROP TABLE "_variant_design_groups";--> statement-breakpoint
UPDATE "product_images" i SET "design_id" = p."design_id" FROM "products" p WHERE p."id" = i."product_id";--> statement-breakpoint
UPDATE "order_items" o SET "sku" = p."sku" FROM "products" p WHERE p."id" = o."product_id";--> statement-breakpoint
SELECT refresh_design_summary(array(SELECT "id" FROM "product_designs"));;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "design_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "design_id" SET NOT NULL;
