CREATE TABLE "customer_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_id" text,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_summaries_email_key" ON "customer_summaries" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "customer_summaries_recent_idx" ON "customer_summaries" USING btree (coalesce("last_order_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "customer_summaries_email_trgm_idx" ON "customer_summaries" USING gin ("email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_summaries_name_trgm_idx" ON "customer_summaries" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipping_addresses_postal_code_idx" ON "shipping_addresses" USING btree ("postal_code" text_pattern_ops);--> statement-breakpoint
-- Recounts the customer_summaries rows of these lower-cased e-mail addresses from orders, customers
-- and users (ADR 0031). Each address is locked first (advisory, in sorted order, so two writers never
-- wait on each other crosswise), and the counts are read by later statements, each with its own
-- snapshot: a concurrent order of the same address has committed by then and is counted.
-- (hashtext may give two addresses one lock: they then wait on each other, which is only slower.)
-- users.email is stored lower-case (better-auth, admin:create), so the unique index finds an account.
CREATE FUNCTION customer_summaries_refresh(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  -- A bulk write (an import, this migration's backfill) takes one lock for all addresses rather than
  -- one each, which would overflow the lock table; everyone else shares that lock.
  IF cardinality(keys) > 64 THEN
    PERFORM pg_advisory_xact_lock(hashtext('customer_summaries'), 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('customer_summaries'), 0);
    PERFORM pg_advisory_xact_lock(hashtext('customer_summaries'), hashtext(s.k))
    FROM (SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY k) s;
  END IF;
  DELETE FROM customer_summaries s
  WHERE s.email_key = ANY(keys)
    AND NOT EXISTS (SELECT 1 FROM customers c WHERE lower(c.email) = s.email_key)
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = s.email_key);
  INSERT INTO customer_summaries AS s (email_key, email, name, user_id, orders_count, spent_cents, last_order_at, updated_at)
  SELECT k.key, coalesce(a.email, p.email), coalesce(nullif(btrim(a.name), ''), p.name, ''), a.id,
         coalesce(t.n, 0), coalesce(t.spent, 0), t.last_at, now()
  FROM (SELECT DISTINCT k AS key FROM unnest(keys) AS k WHERE k IS NOT NULL) k
  LEFT JOIN LATERAL (SELECT u.id, u.email, u.name FROM users u WHERE u.email = k.key LIMIT 1) a ON true
  LEFT JOIN LATERAL (
    SELECT c.email, nullif(btrim(c.first_name || ' ' || c.last_name), '') AS name
    FROM customers c WHERE lower(c.email) = k.key
    ORDER BY c.updated_at DESC, c.created_at DESC LIMIT 1) p ON true
  LEFT JOIN LATERAL (
    SELECT count(*)::integer AS n, sum(o.total_amount_cents - o.refunded_cents)::bigint AS spent,
           max(o.created_at) AS last_at
    FROM customers c JOIN orders o ON o.customer_id = c.id
    WHERE lower(c.email) = k.key AND o.payment_status IN ('paid', 'refunded')) t ON true
  WHERE a.id IS NOT NULL OR p.email IS NOT NULL
  ON CONFLICT (email_key) DO UPDATE SET
    email = excluded.email, name = excluded.name, user_id = excluded.user_id,
    orders_count = excluded.orders_count, spent_cents = excluded.spent_cents,
    last_order_at = excluded.last_order_at, updated_at = excluded.updated_at
  WHERE (s.email, s.name, s.user_id, s.orders_count, s.spent_cents, s.last_order_at)
        IS DISTINCT FROM (excluded.email, excluded.name, excluded.user_id, excluded.orders_count,
                          excluded.spent_cents, excluded.last_order_at);
END;
$$;--> statement-breakpoint
-- An order counts for its customer's address when it enters or leaves, or its payment, amounts,
-- date or customer change; other updates (status, dropshipment, tracking) recount nothing.
CREATE FUNCTION customer_summaries_on_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lower(c.email)) INTO keys
    FROM customers c WHERE c.id IN (SELECT customer_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lower(c.email)) INTO keys
    FROM customers c WHERE c.id IN (SELECT customer_id FROM old_rows);
  ELSE
    WITH changed AS (
      SELECT id, customer_id, payment_status, total_amount_cents, refunded_cents, created_at FROM new_rows
      EXCEPT
      SELECT id, customer_id, payment_status, total_amount_cents, refunded_cents, created_at FROM old_rows)
    SELECT array_agg(DISTINCT lower(c.email)) INTO keys
    FROM customers c
    WHERE c.id IN (SELECT customer_id FROM changed
                   UNION SELECT o.customer_id FROM old_rows o JOIN changed m ON m.id = o.id);
  END IF;
  PERFORM customer_summaries_refresh(keys);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A customer record brings its address, name and date of change (the newest record names the customer).
CREATE FUNCTION customer_summaries_on_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lower(email)) INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lower(email)) INTO keys FROM old_rows;
  ELSE
    WITH changed AS (
      SELECT id, email, first_name, last_name, updated_at, created_at FROM new_rows
      EXCEPT
      SELECT id, email, first_name, last_name, updated_at, created_at FROM old_rows)
    SELECT array_agg(DISTINCT k) INTO keys
    FROM (SELECT lower(email) AS k FROM changed
          UNION SELECT lower(o.email) FROM old_rows o JOIN changed m ON m.id = o.id) x;
  END IF;
  PERFORM customer_summaries_refresh(keys);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An account makes its address a customer (with or without orders) and gives it its name.
CREATE FUNCTION customer_summaries_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lower(email)) INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lower(email)) INTO keys FROM old_rows;
  ELSE
    WITH changed AS (
      SELECT id, email, name FROM new_rows
      EXCEPT
      SELECT id, email, name FROM old_rows)
    SELECT array_agg(DISTINCT k) INTO keys
    FROM (SELECT lower(email) AS k FROM changed
          UNION SELECT lower(o.email) FROM old_rows o JOIN changed m ON m.id = o.id) x;
  END IF;
  PERFORM customer_summaries_refresh(keys);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER customer_summaries_orders_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_orders();--> statement-breakpoint
CREATE TRIGGER customer_summaries_orders_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_orders();--> statement-breakpoint
CREATE TRIGGER customer_summaries_orders_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_orders();--> statement-breakpoint
CREATE TRIGGER customer_summaries_customers_insert AFTER INSERT ON customers
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_customers();--> statement-breakpoint
CREATE TRIGGER customer_summaries_customers_update AFTER UPDATE ON customers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_customers();--> statement-breakpoint
CREATE TRIGGER customer_summaries_customers_delete AFTER DELETE ON customers
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_customers();--> statement-breakpoint
CREATE TRIGGER customer_summaries_users_insert AFTER INSERT ON users
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_users();--> statement-breakpoint
CREATE TRIGGER customer_summaries_users_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_users();--> statement-breakpoint
CREATE TRIGGER customer_summaries_users_delete AFTER DELETE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_on_users();--> statement-breakpoint
-- The customers that exist already.
SELECT customer_summaries_refresh(array_agg(k ORDER BY k))
FROM (SELECT lower(email) AS k FROM customers UNION SELECT lower(email) FROM users) keys;
