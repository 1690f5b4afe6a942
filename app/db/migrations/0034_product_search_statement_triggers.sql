ALTER TABLE "product_search" DROP CONSTRAINT "product_search_art_no_products_art_no_fk";
--> statement-breakpoint
-- Hand-written from here. product_search follows products through statement-level triggers with
-- transition tables instead of a PL/pgSQL call and a single-row upsert per product: a feed batch of
-- a thousand products is one INSERT ... SELECT (ADR 0022; the row trigger was a quarter of the cost
-- of creating a product). Rows are written in ArtNo order, so two writers lock them in the same order.
DROP TRIGGER products_search_sync ON products;--> statement-breakpoint
DROP TRIGGER products_search_sync_update ON products;--> statement-breakpoint
DROP FUNCTION product_search_sync();--> statement-breakpoint
CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_search;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_search (art_no, sort_key, short_description, brand)
    SELECT art_no, lower(short_description), short_description, brand FROM new_rows WHERE is_listed
    ORDER BY art_no
    ON CONFLICT (art_no) DO UPDATE
      SET sort_key = excluded.sort_key, short_description = excluded.short_description, brand = excluded.brand;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_search WHERE art_no IN (SELECT art_no FROM old_rows);
  ELSE
    -- Gone from the listing, or renumbered: the old ArtNo's row goes.
    DELETE FROM product_search WHERE art_no IN (
      SELECT art_no FROM old_rows EXCEPT SELECT art_no FROM new_rows WHERE is_listed);
    -- Listed with a description or brand the copy does not have yet; price, stock and image
    -- updates (most of an import) write nothing here.
    INSERT INTO product_search (art_no, sort_key, short_description, brand)
    SELECT n.art_no, lower(n.short_description), n.short_description, n.brand FROM new_rows n
    WHERE n.is_listed AND NOT EXISTS (
      SELECT 1 FROM old_rows o
      WHERE o.art_no = n.art_no AND o.is_listed
        AND o.short_description IS NOT DISTINCT FROM n.short_description
        AND o.brand IS NOT DISTINCT FROM n.brand)
    ORDER BY n.art_no
    ON CONFLICT (art_no) DO UPDATE
      SET sort_key = excluded.sort_key, short_description = excluded.short_description, brand = excluded.brand;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_sync_on_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_sync();
--> statement-breakpoint
CREATE TRIGGER products_search_sync_on_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_sync();
--> statement-breakpoint
CREATE TRIGGER products_search_sync_on_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_sync();
--> statement-breakpoint
CREATE TRIGGER products_search_sync_on_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION product_search_sync();
