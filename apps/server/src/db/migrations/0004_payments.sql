CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"type" varchar(100) NOT NULL,
	"razorpay_order_id" varchar(100),
	"outcome" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE INDEX "payment_events_razorpay_order_idx" ON "payment_events" USING btree ("razorpay_order_id");