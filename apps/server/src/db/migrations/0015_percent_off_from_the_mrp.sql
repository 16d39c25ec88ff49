-- The percent off is worked out from the MRP and the price (discountPercent of @bazaar/shared,
-- docs/decisions/0022-prices-from-the-mrp.md), so a stored offer could only disagree with them:
-- the seller's MRP 1500 and price 1200 with offer 20 showed "1440 struck, 20 % off". Nothing is
-- recomputed: the MRP and price of every row stay as entered, and every screen now counts from them.
ALTER TABLE "products" DROP CONSTRAINT "products_offer_range";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "offer_percent";