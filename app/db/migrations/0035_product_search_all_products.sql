-- product_search holds every product (listed or not) and the trigram indexes move here from products
-- (ADR 0022): a write that leaves a product's text alone (a stock feed flipping in_stock, a price)
-- then adds no trigram entries, and the admin's product search reads the same narrow table.
DROP INDEX "products_admin_brand_trgm_idx";--> statement-breakpoint
DROP INDEX "products_admin_description_trgm_idx";--> statement-breakpoint
DROP INDEX "product_search_order_idx";--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "short_description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "is_listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "is_listed" DROP DEFAULT;--> statement-breakpoint
INSERT INTO product_search (art_no, sort_key, short_description, brand, is_listed)
SELECT art_no, coalesce(lower(short_description), ''), short_description, brand, false
FROM products WHERE NOT is_listed;--> statement-breakpoint
CREATE INDEX "product_search_brand_trgm_idx" ON "product_search" USING gin (lower("brand") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_order_idx" ON "product_search" USING btree ("sort_key","art_no") WHERE is_listed;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_search;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_search (art_no, sort_key, short_description, brand, is_listed)
    SELECT art_no, coalesce(lower(short_description), ''), short_description, brand, is_listed FROM new_rows
    ORDER BY art_no
    ON CONFLICT (art_no) DO UPDATE
      SET sort_key = excluded.sort_key, short_description = excluded.short_description,
          brand = excluded.brand, is_listed = excluded.is_listed;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_search WHERE art_no IN (SELECT art_no FROM old_rows);
  ELSE
    -- A renumbered product: the old ArtNo's row goes.
    DELETE FROM product_search WHERE art_no IN (SELECT art_no FROM old_rows EXCEPT SELECT art_no FROM new_rows);
    -- Only products whose description, brand or listing changed; price, stock and image updates
    -- (most of an import) write nothing here.
    INSERT INTO product_search (art_no, sort_key, short_description, brand, is_listed)
    SELECT n.art_no, coalesce(lower(n.short_description), ''), n.short_description, n.brand, n.is_listed
    FROM new_rows n
    WHERE NOT EXISTS (
      SELECT 1 FROM old_rows o
      WHERE o.art_no = n.art_no AND o.is_listed = n.is_listed
        AND o.short_description IS NOT DISTINCT FROM n.short_description
        AND o.brand IS NOT DISTINCT FROM n.brand)
    ORDER BY n.art_no
    ON CONFLICT (art_no) DO UPDATE
      SET sort_key = excluded.sort_key, short_description = excluded.short_description,
          brand = excluded.brand, is_listed = excluded.is_listed;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
ANALYZE product_search;
