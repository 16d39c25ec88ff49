CREATE TABLE "bill_cancel_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"requested_by" text,
	"requested_by_name" varchar(120) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_name" varchar(120),
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "bill_cancel_requests_status_known" CHECK ("bill_cancel_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "job_title_permissions" (
	"job_title" varchar(40) NOT NULL,
	"permission" varchar(40) NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "job_title_permissions_job_title_permission_pk" PRIMARY KEY("job_title","permission")
);
--> statement-breakpoint
ALTER TABLE "bill_cancel_requests" ADD CONSTRAINT "bill_cancel_requests_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_cancel_requests" ADD CONSTRAINT "bill_cancel_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_cancel_requests" ADD CONSTRAINT "bill_cancel_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_title_permissions" ADD CONSTRAINT "job_title_permissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_cancel_requests_status_idx" ON "bill_cancel_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "bill_cancel_requests_bill_idx" ON "bill_cancel_requests" USING btree ("bill_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_cancel_requests_one_pending" ON "bill_cancel_requests" USING btree ("bill_id") WHERE "bill_cancel_requests"."status" = 'pending';
--> statement-breakpoint
-- Every job title keeps what employees could do before permissions existed: every pair allowed.
INSERT INTO "job_title_permissions" ("job_title", "permission", "allowed")
SELECT title, permission, true
FROM unnest(ARRAY['Karigar', 'Sales Man', 'Agent', 'Helper']) AS title
CROSS JOIN unnest(ARRAY['createCustomerRequests', 'editCustomers', 'addPurchases', 'takePayments', 'closeBills', 'requestBillCancels', 'seeReports']) AS permission;
