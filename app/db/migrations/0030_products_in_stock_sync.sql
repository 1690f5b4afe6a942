-- products.in_stock follows stock, whoever writes it (checkout, admin edit, supplier stock feed,
-- seed): statement-level triggers with transition tables, so a bulk write of a million stock rows
-- is one UPDATE of products, not a million. Only rows whose flag really changes are written.
CREATE FUNCTION products_in_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE products p SET in_stock = false
    FROM old_rows o WHERE p.art_no = o.art_no AND p.in_stock;
  ELSE
    UPDATE products p SET in_stock = (coalesce(n.quantity, 0) > 0)
    FROM new_rows n
    WHERE p.art_no = n.art_no AND p.in_stock IS DISTINCT FROM (coalesce(n.quantity, 0) > 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_in_stock_on_insert AFTER INSERT ON stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_in_stock_sync();
--> statement-breakpoint
CREATE TRIGGER stock_in_stock_on_update AFTER UPDATE ON stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_in_stock_sync();
--> statement-breakpoint
CREATE TRIGGER stock_in_stock_on_delete AFTER DELETE ON stock
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_in_stock_sync();
--> statement-breakpoint
UPDATE products p SET in_stock = true FROM stock s WHERE s.art_no = p.art_no AND s.quantity > 0;
