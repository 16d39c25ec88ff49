-- Stock is kept per size (docs/decisions/0030-stock-kept-per-size.md): rows from before sizes keep
-- their quantity, history and id and take the size 'Free size' (the column default fills them).
DROP INDEX "stock_items_item_category_type_uq";--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "size" varchar(20) DEFAULT 'Free size' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_item_category_type_size_uq" ON "stock_items" USING btree ("item","category","type","size");