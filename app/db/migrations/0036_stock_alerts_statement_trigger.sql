-- The back-in-stock check runs once per statement over its transition tables instead of a PL/pgSQL
-- call per stock row: a supplier's stock feed writes a thousand rows a statement, and a first stock
-- feed a million (ADR 0022). A restock is a quantity above 0 where the row had none (new row, or an
-- earlier quantity null or <= 0); jobs are queued in ArtNo order, once per product and moment.
DROP TRIGGER stock_alerts_on_restock ON stock;--> statement-breakpoint
DROP FUNCTION stock_alerts_on_restock();--> statement-breakpoint
CREATE FUNCTION stock_alerts_on_restock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO jobs (queue, payload, singleton_key, max_attempts)
    SELECT 'stock-alert', jsonb_build_object('artNo', n.art_no),
           'stock-alert:' || n.art_no || ':' || (extract(epoch FROM now()) * 1000000)::bigint, 5
    FROM new_rows n
    WHERE n.quantity > 0 AND EXISTS (
      SELECT 1 FROM stock_alerts a
      WHERE a.art_no = n.art_no AND a.confirmed_at IS NOT NULL AND a.notified_at IS NULL)
    ORDER BY n.art_no
    ON CONFLICT (singleton_key) DO NOTHING;
  ELSE
    INSERT INTO jobs (queue, payload, singleton_key, max_attempts)
    SELECT 'stock-alert', jsonb_build_object('artNo', n.art_no),
           'stock-alert:' || n.art_no || ':' || (extract(epoch FROM now()) * 1000000)::bigint, 5
    FROM new_rows n JOIN old_rows o ON o.art_no = n.art_no
    WHERE n.quantity > 0 AND (o.quantity IS NULL OR o.quantity <= 0) AND EXISTS (
      SELECT 1 FROM stock_alerts a
      WHERE a.art_no = n.art_no AND a.confirmed_at IS NOT NULL AND a.notified_at IS NULL)
    ORDER BY n.art_no
    ON CONFLICT (singleton_key) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_alerts_on_restock_insert AFTER INSERT ON stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_alerts_on_restock();--> statement-breakpoint
CREATE TRIGGER stock_alerts_on_restock_update AFTER UPDATE ON stock
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_alerts_on_restock();
