CREATE TABLE "product_rating_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_rating_summaries_not_negative" CHECK ("product_rating_summaries"."stars_1" >= 0 and "product_rating_summaries"."stars_2" >= 0 and "product_rating_summaries"."stars_3" >= 0 and "product_rating_summaries"."stars_4" >= 0 and "product_rating_summaries"."stars_5" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"order_item_id" integer,
	"user_id" text,
	"shop_id" integer NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"reviewer_name" varchar(80) NOT NULL,
	"product_name" varchar(120) NOT NULL,
	"size" varchar(4) NOT NULL,
	"colour" varchar(40) NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"photo_path" varchar(255),
	"photo_thumbnail_path" varchar(255),
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply_body" text,
	"replied_at" timestamp with time zone,
	"replied_by" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_helpful_not_negative" CHECK ("product_reviews"."helpful_count" >= 0),
	CONSTRAINT "product_reviews_buyer_or_demo" CHECK ("product_reviews"."is_demo" or ("product_reviews"."order_item_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "review_helpful_votes" (
	"review_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "product_rating_summaries" ADD CONSTRAINT "product_rating_summaries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_item_uq" ON "product_reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_newest_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "product_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_product_helpful_idx" ON "product_reviews" USING btree ("product_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "product_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_shop_idx" ON "product_reviews" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_reviews_created_idx" ON "product_reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A product's rating and count now come only from reviews (docs/reviews.md): the figures stored
-- before were demo numbers with no review behind them. The demo data's start-up loads its demo
-- reviews and counts them again (seed/demo-reviews.ts).
UPDATE "products" SET "rating" = 0, "rating_count" = 0;
