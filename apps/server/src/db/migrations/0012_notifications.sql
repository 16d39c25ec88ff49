ALTER TABLE "outbox" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_mails" boolean DEFAULT true NOT NULL;