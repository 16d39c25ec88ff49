CREATE TABLE "customer_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"amount_paise" bigint NOT NULL,
	"bill_id" integer,
	"payment_id" integer,
	"document_id" integer,
	"reference" varchar(24) DEFAULT '' NOT NULL,
	"mode" varchar(16),
	"detail" varchar(200),
	CONSTRAINT "customer_ledger_kind_known" CHECK ("customer_ledger"."kind" in ('opening', 'invoice', 'payment', 'bounce', 'credit_note', 'cancellation', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD COLUMN "opening_balance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD COLUMN "credit_limit_paise" bigint;--> statement-breakpoint
ALTER TABLE "customer_ledger" ADD CONSTRAINT "customer_ledger_customer_id_wholesale_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."wholesale_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_ledger_customer_at_idx" ON "customer_ledger" USING btree ("customer_id","at","id","amount_paise");--> statement-breakpoint
CREATE INDEX "customer_ledger_bill_idx" ON "customer_ledger" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bills_open_dues_idx" ON "bills" USING btree ("customer_id","purchased_at","amount_paise","gst_paise","received_paise","credited_paise") WHERE "bills"."status" <> 'cancelled' and "bills"."amount_paise" + "bills"."gst_paise" - "bills"."received_paise" - "bills"."credited_paise" > 0;--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD CONSTRAINT "wholesale_customers_opening_not_negative" CHECK ("wholesale_customers"."opening_balance_paise" >= 0);--> statement-breakpoint
ALTER TABLE "wholesale_customers" ADD CONSTRAINT "wholesale_customers_credit_limit_not_negative" CHECK ("wholesale_customers"."credit_limit_paise" is null or "wholesale_customers"."credit_limit_paise" >= 0);--> statement-breakpoint
-- The ledger's writers (docs/back-office-ledger.md): one trigger per source table appends the
-- customer's ledger rows in the writer's own transaction, so every path that changes money
-- (the services, the seed, a bulk load with triggers on) leaves its row.
CREATE FUNCTION customer_ledger_on_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.opening_balance_paise <> 0 THEN
    INSERT INTO customer_ledger (customer_id, kind, at, amount_paise)
    VALUES (NEW.id, 'opening', NEW.created_at, NEW.opening_balance_paise);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_ledger_customer_insert AFTER INSERT ON wholesale_customers
  FOR EACH ROW EXECUTE FUNCTION customer_ledger_on_customer();
--> statement-breakpoint
CREATE FUNCTION customer_ledger_on_bill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference)
    VALUES (NEW.customer_id, 'invoice', NEW.purchased_at, NEW.amount_paise + NEW.gst_paise, NEW.id,
      '00' || NEW.id);
    RETURN NULL;
  END IF;
  -- The invoice follows its bill: the issued document's amounts (setBillTax), a moved bill.
  IF NEW.amount_paise + NEW.gst_paise <> OLD.amount_paise + OLD.gst_paise
     OR NEW.purchased_at <> OLD.purchased_at OR NEW.customer_id <> OLD.customer_id THEN
    UPDATE customer_ledger
      SET amount_paise = NEW.amount_paise + NEW.gst_paise, at = NEW.purchased_at,
          customer_id = NEW.customer_id
      WHERE bill_id = NEW.id AND kind = 'invoice';
  END IF;
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    -- What the invoice still claimed (credit notes took the rest) is reversed; the money
    -- received is paid back (refunded_paise), a debit.
    INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference, detail)
    VALUES (NEW.customer_id, 'cancellation', coalesce(NEW.cancelled_at, now()),
      -(NEW.amount_paise + NEW.gst_paise - NEW.credited_paise), NEW.id, '00' || NEW.id,
      left(NEW.cancel_reason, 200));
    IF NEW.refunded_paise > 0 THEN
      INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference)
      VALUES (NEW.customer_id, 'refund', coalesce(NEW.cancelled_at, now()), NEW.refunded_paise,
        NEW.id, '00' || NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_ledger_bill_insert AFTER INSERT ON bills
  FOR EACH ROW EXECUTE FUNCTION customer_ledger_on_bill();
--> statement-breakpoint
CREATE TRIGGER customer_ledger_bill_update AFTER UPDATE ON bills
  FOR EACH ROW EXECUTE FUNCTION customer_ledger_on_bill();
--> statement-breakpoint
CREATE FUNCTION customer_ledger_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, payment_id, reference, mode, detail)
    VALUES (NEW.customer_id, 'payment', NEW.paid_at, -NEW.amount_paise, NEW.id, NEW.receipt_number,
      NEW.mode,
      CASE WHEN NEW.mode = 'cheque' THEN 'Cheque ' || NEW.cheque_number || ', ' || NEW.cheque_bank
           ELSE NEW.reference END);
  ELSIF NEW.status = 'bounced' AND OLD.status <> 'bounced' THEN
    INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, payment_id, reference, mode, detail)
    VALUES (NEW.customer_id, 'bounce', coalesce(NEW.bounced_at, now()), NEW.amount_paise, NEW.id,
      NEW.receipt_number, NEW.mode, left(NEW.bounce_reason, 200));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_ledger_payment_insert AFTER INSERT ON wholesale_payments
  FOR EACH ROW EXECUTE FUNCTION customer_ledger_on_payment();
--> statement-breakpoint
CREATE TRIGGER customer_ledger_payment_update AFTER UPDATE OF status ON wholesale_payments
  FOR EACH ROW EXECUTE FUNCTION customer_ledger_on_payment();
--> statement-breakpoint
CREATE FUNCTION customer_ledger_on_credit_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, document_id, reference, detail)
  SELECT b.customer_id, 'credit_note', NEW.issued_at, -NEW.total_paise, NEW.bill_id, NEW.id,
    NEW.number, left(NEW.reason, 200)
  FROM bills b WHERE b.id = NEW.bill_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_ledger_credit_note_insert AFTER INSERT ON tax_documents
  FOR EACH ROW WHEN (NEW.kind = 'credit_note' AND NEW.bill_id IS NOT NULL)
  EXECUTE FUNCTION customer_ledger_on_credit_note();
--> statement-breakpoint
-- Rebuilds the whole ledger from the source tables: run once here for the existing data, and by
-- anything that loads those tables with triggers disabled (bench/customer-ledger.ts).
CREATE FUNCTION customer_ledger_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_ledger;
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise)
    SELECT id, 'opening', created_at, opening_balance_paise
    FROM wholesale_customers WHERE opening_balance_paise <> 0;
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference)
    SELECT customer_id, 'invoice', purchased_at, amount_paise + gst_paise, id, '00' || id FROM bills;
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, payment_id, reference, mode, detail)
    SELECT customer_id, 'payment', paid_at, -amount_paise, id, receipt_number, mode,
      CASE WHEN mode = 'cheque' THEN 'Cheque ' || cheque_number || ', ' || cheque_bank ELSE reference END
    FROM wholesale_payments;
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, payment_id, reference, mode, detail)
    SELECT customer_id, 'bounce', coalesce(bounced_at, paid_at), amount_paise, id, receipt_number, mode,
      left(bounce_reason, 200)
    FROM wholesale_payments WHERE status = 'bounced';
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, document_id, reference, detail)
    SELECT b.customer_id, 'credit_note', d.issued_at, -d.total_paise, d.bill_id, d.id, d.number,
      left(d.reason, 200)
    FROM tax_documents d JOIN bills b ON b.id = d.bill_id WHERE d.kind = 'credit_note';
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference, detail)
    SELECT customer_id, 'cancellation', coalesce(cancelled_at, updated_at),
      -(amount_paise + gst_paise - credited_paise), id, '00' || id, left(cancel_reason, 200)
    FROM bills WHERE status = 'cancelled';
  INSERT INTO customer_ledger (customer_id, kind, at, amount_paise, bill_id, reference)
    SELECT customer_id, 'refund', coalesce(cancelled_at, updated_at), refunded_paise, id, '00' || id
    FROM bills WHERE status = 'cancelled' AND refunded_paise > 0;
$$;
--> statement-breakpoint
SELECT customer_ledger_rebuild();
