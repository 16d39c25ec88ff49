CREATE TABLE "report_customer_days" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"shirt_paise" bigint DEFAULT 0 NOT NULL,
	"shorts_paise" bigint DEFAULT 0 NOT NULL,
	"trouser_paise" bigint DEFAULT 0 NOT NULL,
	"payments_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_days_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_customer_months" (
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"shirt_paise" bigint DEFAULT 0 NOT NULL,
	"shorts_paise" bigint DEFAULT 0 NOT NULL,
	"trouser_paise" bigint DEFAULT 0 NOT NULL,
	"payments_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_months_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"shirt_paise" bigint DEFAULT 0 NOT NULL,
	"shorts_paise" bigint DEFAULT 0 NOT NULL,
	"trouser_paise" bigint DEFAULT 0 NOT NULL,
	"payments_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_deltas" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"day" date NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"shirt_paise" bigint DEFAULT 0 NOT NULL,
	"shorts_paise" bigint DEFAULT 0 NOT NULL,
	"trouser_paise" bigint DEFAULT 0 NOT NULL,
	"payments_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_customer_days_day_idx" ON "report_customer_days" USING btree ("day","customer_id","quantity");--> statement-breakpoint
CREATE INDEX "report_customer_months_month_idx" ON "report_customer_months" USING btree ("month","customer_id","quantity");--> statement-breakpoint
-- Report rollups (docs/back-office-reports.md): triggers append signed deltas inside the writer's
-- transaction (no shared row is locked); report_fold_version() folds them into the rollups before a read;
-- report_rebuild() recomputes everything from bills, bill_items and bill_payments.
CREATE FUNCTION report_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ts AT TIME ZONE 'Asia/Kolkata')::date
$$;--> statement-breakpoint
CREATE FUNCTION report_bills_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise)
    VALUES (NEW.customer_id, report_day(NEW.purchased_at), 1, NEW.amount_paise, NEW.gst_paise, NEW.received_paise);
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    moved := NEW.customer_id <> OLD.customer_id OR report_day(NEW.purchased_at) <> report_day(OLD.purchased_at);
    IF NOT moved THEN
      IF NEW.amount_paise <> OLD.amount_paise OR NEW.gst_paise <> OLD.gst_paise OR NEW.received_paise <> OLD.received_paise THEN
        INSERT INTO report_deltas (customer_id, day, amount_paise, gst_paise, received_paise)
        VALUES (NEW.customer_id, report_day(NEW.purchased_at), NEW.amount_paise - OLD.amount_paise,
          NEW.gst_paise - OLD.gst_paise, NEW.received_paise - OLD.received_paise);
      END IF;
      RETURN NEW;
    END IF;
  END IF;
  -- DELETE (a BEFORE trigger, so the bill's lines are still there) or an UPDATE that moves the
  -- bill to another customer or day: take the bill and its lines off where they were.
  INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise,
    quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT OLD.customer_id, report_day(OLD.purchased_at), -1, -OLD.amount_paise, -OLD.gst_paise,
    -OLD.received_paise, -coalesce(sum(i.quantity), 0),
    -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shirt'), 0),
    -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shorts'), 0),
    -coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Trouser'), 0)
  FROM bill_items i WHERE i.bill_id = OLD.id;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  INSERT INTO report_deltas (customer_id, day, bills, amount_paise, gst_paise, received_paise,
    quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT NEW.customer_id, report_day(NEW.purchased_at), 1, NEW.amount_paise, NEW.gst_paise,
    NEW.received_paise, coalesce(sum(i.quantity), 0),
    coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shirt'), 0),
    coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Shorts'), 0),
    coalesce(sum(i.amount_paise) FILTER (WHERE split_part(i.item, '-', 1) = 'Trouser'), 0)
  FROM bill_items i WHERE i.bill_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_bill_line_delta(line_bill_id integer, line_item text, line_quantity integer, line_amount_paise integer, direction integer) RETURNS void LANGUAGE sql AS $$
  -- A line deleted with its bill finds no bill: the bill's own trigger has taken it off.
  INSERT INTO report_deltas (customer_id, day, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT b.customer_id, report_day(b.purchased_at), direction * line_quantity,
    CASE WHEN split_part(line_item, '-', 1) = 'Shirt' THEN direction * line_amount_paise ELSE 0 END,
    CASE WHEN split_part(line_item, '-', 1) = 'Shorts' THEN direction * line_amount_paise ELSE 0 END,
    CASE WHEN split_part(line_item, '-', 1) = 'Trouser' THEN direction * line_amount_paise ELSE 0 END
  FROM bills b WHERE b.id = line_bill_id
$$;--> statement-breakpoint
CREATE FUNCTION report_bill_items_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_bill_line_delta(OLD.bill_id, OLD.item, OLD.quantity, OLD.amount_paise, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_bill_line_delta(NEW.bill_id, NEW.item, NEW.quantity, NEW.amount_paise, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_bill_payments_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_deltas (customer_id, day, payments_paise)
    VALUES (NULL, report_day(OLD.paid_at), -OLD.amount_paise);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_deltas (customer_id, day, payments_paise)
    VALUES (NULL, report_day(NEW.paid_at), NEW.amount_paise);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_bills_insert AFTER INSERT ON bills
  FOR EACH ROW EXECUTE FUNCTION report_bills_change();--> statement-breakpoint
CREATE TRIGGER report_bills_update AFTER UPDATE OF customer_id, purchased_at, amount_paise, gst_paise, received_paise ON bills
  FOR EACH ROW EXECUTE FUNCTION report_bills_change();--> statement-breakpoint
CREATE TRIGGER report_bills_delete BEFORE DELETE ON bills
  FOR EACH ROW EXECUTE FUNCTION report_bills_change();--> statement-breakpoint
CREATE TRIGGER report_bill_items_change AFTER INSERT OR UPDATE OR DELETE ON bill_items
  FOR EACH ROW EXECUTE FUNCTION report_bill_items_change();--> statement-breakpoint
CREATE TRIGGER report_bill_payments_change AFTER INSERT OR UPDATE OR DELETE ON bill_payments
  FOR EACH ROW EXECUTE FUNCTION report_bill_payments_change();--> statement-breakpoint
-- The rollups' version: bumped in the same transaction as every fold or rebuild that changes
-- them, so a reader that has seen version V reads rollups at least as new as V (the reports
-- service keys its in-memory cache of figures on it; any number of app instances agree).
CREATE TABLE report_state (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO report_state (id, version) VALUES (1, 1);--> statement-breakpoint
-- Folds the committed deltas into the rollups and answers the rollups' version.
CREATE FUNCTION report_fold_version() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
  current_version bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM report_deltas) THEN
    RETURN (SELECT version FROM report_state);
  END IF;
  -- One folder at a time; a second one then finds the deltas gone (its statement starts later).
  PERFORM pg_advisory_xact_lock(7284061);
  WITH d AS (DELETE FROM report_deltas RETURNING *),
  days AS (
    INSERT INTO report_days AS r (day, bills, amount_paise, gst_paise, received_paise, quantity,
      shirt_paise, shorts_paise, trouser_paise, payments_paise)
    SELECT day, sum(bills), sum(amount_paise), sum(gst_paise), sum(received_paise), sum(quantity),
      sum(shirt_paise), sum(shorts_paise), sum(trouser_paise), sum(payments_paise)
    FROM d GROUP BY day
    ON CONFLICT (day) DO UPDATE SET bills = r.bills + excluded.bills,
      amount_paise = r.amount_paise + excluded.amount_paise, gst_paise = r.gst_paise + excluded.gst_paise,
      received_paise = r.received_paise + excluded.received_paise, quantity = r.quantity + excluded.quantity,
      shirt_paise = r.shirt_paise + excluded.shirt_paise, shorts_paise = r.shorts_paise + excluded.shorts_paise,
      trouser_paise = r.trouser_paise + excluded.trouser_paise,
      payments_paise = r.payments_paise + excluded.payments_paise
  ),
  customer_days AS (
    INSERT INTO report_customer_days AS r (customer_id, day, bills, amount_paise, gst_paise,
      received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
    SELECT customer_id, day, sum(bills), sum(amount_paise), sum(gst_paise), sum(received_paise),
      sum(quantity), sum(shirt_paise), sum(shorts_paise), sum(trouser_paise)
    FROM d WHERE customer_id IS NOT NULL GROUP BY customer_id, day
    ON CONFLICT (customer_id, day) DO UPDATE SET bills = r.bills + excluded.bills,
      amount_paise = r.amount_paise + excluded.amount_paise, gst_paise = r.gst_paise + excluded.gst_paise,
      received_paise = r.received_paise + excluded.received_paise, quantity = r.quantity + excluded.quantity,
      shirt_paise = r.shirt_paise + excluded.shirt_paise, shorts_paise = r.shorts_paise + excluded.shorts_paise,
      trouser_paise = r.trouser_paise + excluded.trouser_paise
  ),
  customer_months AS (
    INSERT INTO report_customer_months AS r (customer_id, month, bills, amount_paise, gst_paise,
      received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
    SELECT customer_id, date_trunc('month', day)::date, sum(bills), sum(amount_paise),
      sum(gst_paise), sum(received_paise), sum(quantity), sum(shirt_paise), sum(shorts_paise),
      sum(trouser_paise)
    FROM d WHERE customer_id IS NOT NULL GROUP BY customer_id, date_trunc('month', day)::date
    ON CONFLICT (customer_id, month) DO UPDATE SET bills = r.bills + excluded.bills,
      amount_paise = r.amount_paise + excluded.amount_paise, gst_paise = r.gst_paise + excluded.gst_paise,
      received_paise = r.received_paise + excluded.received_paise, quantity = r.quantity + excluded.quantity,
      shirt_paise = r.shirt_paise + excluded.shirt_paise, shorts_paise = r.shorts_paise + excluded.shorts_paise,
      trouser_paise = r.trouser_paise + excluded.trouser_paise
  )
  SELECT count(*) INTO folded FROM d;
  UPDATE report_state SET version = version + (CASE WHEN folded > 0 THEN 1 ELSE 0 END)
    RETURNING version INTO current_version;
  RETURN current_version;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7284061);
  UPDATE report_state SET version = version + 1;
  DELETE FROM report_deltas;
  DELETE FROM report_days;
  DELETE FROM report_customer_days;
  DELETE FROM report_customer_months;
  INSERT INTO report_customer_days (customer_id, day, bills, amount_paise, gst_paise,
    received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT b.customer_id, report_day(b.purchased_at), count(*), sum(b.amount_paise),
    sum(b.gst_paise), sum(b.received_paise), coalesce(sum(i.quantity), 0),
    coalesce(sum(i.shirt), 0), coalesce(sum(i.shorts), 0), coalesce(sum(i.trouser), 0)
  FROM bills b
  LEFT JOIN (
    SELECT bill_id, sum(quantity) AS quantity,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Shirt') AS shirt,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Shorts') AS shorts,
      sum(amount_paise) FILTER (WHERE split_part(item, '-', 1) = 'Trouser') AS trouser
    FROM bill_items GROUP BY bill_id
  ) i ON i.bill_id = b.id
  GROUP BY b.customer_id, report_day(b.purchased_at)
  -- Day order: a range of days then reads neighbouring pages (rows arrive that way when folded).
  ORDER BY 2, 1;
  INSERT INTO report_customer_months (customer_id, month, bills, amount_paise, gst_paise,
    received_paise, quantity, shirt_paise, shorts_paise, trouser_paise)
  SELECT customer_id, date_trunc('month', day)::date, sum(bills), sum(amount_paise), sum(gst_paise),
    sum(received_paise), sum(quantity), sum(shirt_paise), sum(shorts_paise), sum(trouser_paise)
  FROM report_customer_days GROUP BY customer_id, date_trunc('month', day)::date ORDER BY 2, 1;
  INSERT INTO report_days (day, bills, amount_paise, gst_paise, received_paise, quantity,
    shirt_paise, shorts_paise, trouser_paise, payments_paise)
  SELECT coalesce(c.day, p.day), coalesce(c.bills, 0), coalesce(c.amount_paise, 0),
    coalesce(c.gst_paise, 0), coalesce(c.received_paise, 0), coalesce(c.quantity, 0),
    coalesce(c.shirt_paise, 0), coalesce(c.shorts_paise, 0), coalesce(c.trouser_paise, 0),
    coalesce(p.payments_paise, 0)
  FROM (
    SELECT day, sum(bills) AS bills, sum(amount_paise) AS amount_paise, sum(gst_paise) AS gst_paise,
      sum(received_paise) AS received_paise, sum(quantity) AS quantity,
      sum(shirt_paise) AS shirt_paise, sum(shorts_paise) AS shorts_paise,
      sum(trouser_paise) AS trouser_paise
    FROM report_customer_days GROUP BY day
  ) c
  FULL JOIN (
    SELECT report_day(paid_at) AS day, sum(amount_paise) AS payments_paise
    FROM bill_payments GROUP BY report_day(paid_at)
  ) p ON p.day = c.day;
END
$$;--> statement-breakpoint
CREATE INDEX "report_bills_purchased_id_idx" ON "bills" USING btree ("purchased_at","id");--> statement-breakpoint
CREATE INDEX "report_bills_customer_purchased_idx" ON "bills" USING btree ("customer_id","purchased_at","id");--> statement-breakpoint
SELECT report_rebuild();
