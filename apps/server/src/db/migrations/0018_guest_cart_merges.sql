CREATE TABLE "cart_merges" (
	"user_id" text NOT NULL,
	"merge_id" text NOT NULL,
	"adjustments" jsonb NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_merges_user_id_merge_id_pk" PRIMARY KEY("user_id","merge_id")
);
--> statement-breakpoint
ALTER TABLE "cart_merges" ADD CONSTRAINT "cart_merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;