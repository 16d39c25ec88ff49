-- Stock is kept per size (docs/decisions/0030-stock-kept-per-size.md): rows from before sizes keep
-- their quantity, history and id and take the size 'Free size' (the column default fills them).
DROP INDEX "stock_items_item_category_type_uq";--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "size" varchar(20) DEFAULT 'Free size' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_item_category_type_size_uq" ON "stock_items" USING btree ("item","category","type","size");--> statement-breakpoint
-- Cost price, low-stock threshold and SKU per stock row (docs/back-office-bills.md "Stock value,
-- low stock and labels"). Every row gets the SKU 'BZ-' and its id in 5 digits; a row inserted
-- with an empty SKU gets the same from the trigger (defaults, the id included, are filled in
-- before a BEFORE trigger runs), so the seed, the tests and the API all insert the same way.
ALTER TABLE "stock_items" ADD COLUMN "cost_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "low_stock_at" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "sku" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "stock_items" SET "sku" = 'BZ-' || lpad("id"::text, 5, '0');--> statement-breakpoint
CREATE FUNCTION stock_items_default_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR NEW.sku = '' THEN
    NEW.sku := 'BZ-' || lpad(NEW.id::text, 5, '0');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_items_sku BEFORE INSERT ON stock_items
  FOR EACH ROW EXECUTE FUNCTION stock_items_default_sku();--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_sku_uq" ON "stock_items" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_cost_not_negative" CHECK ("stock_items"."cost_paise" >= 0);--> statement-breakpoint
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_low_stock_at_not_negative" CHECK ("stock_items"."low_stock_at" >= 0);
