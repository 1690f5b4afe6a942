CREATE TABLE "product_search" (
	"art_no" integer PRIMARY KEY NOT NULL,
	"sort_key" text NOT NULL,
	"short_description" text NOT NULL,
	"brand" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_art_no_products_art_no_fk" FOREIGN KEY ("art_no") REFERENCES "public"."products"("art_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "product_search_sort_key_trgm_idx" ON "product_search" USING gin ("sort_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_order_idx" ON "product_search" USING btree ("sort_key","art_no");--> statement-breakpoint
-- Keeps product_search in step with products: a row exactly for each listed product, with its current
-- description and brand. AFTER triggers see the generated is_listed of the new row.
CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- The foreign key's ON DELETE CASCADE removes the row too; this keeps the function complete on its own.
    DELETE FROM product_search WHERE art_no = OLD.art_no;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.art_no <> NEW.art_no THEN
    DELETE FROM product_search WHERE art_no = OLD.art_no;
  END IF;
  IF NEW.is_listed THEN
    INSERT INTO product_search (art_no, sort_key, short_description, brand)
    VALUES (NEW.art_no, lower(NEW.short_description), NEW.short_description, NEW.brand)
    ON CONFLICT (art_no) DO UPDATE
      SET sort_key = EXCLUDED.sort_key, short_description = EXCLUDED.short_description, brand = EXCLUDED.brand;
  ELSE
    DELETE FROM product_search WHERE art_no = NEW.art_no;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_sync AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_sync();--> statement-breakpoint
-- Updates that change nothing the search copies (price, stock fields, images: most of an import)
-- skip the function entirely.
CREATE TRIGGER products_search_sync_update AFTER UPDATE ON products
  FOR EACH ROW
  WHEN (OLD.art_no IS DISTINCT FROM NEW.art_no OR OLD.is_listed IS DISTINCT FROM NEW.is_listed
    OR OLD.short_description IS DISTINCT FROM NEW.short_description OR OLD.brand IS DISTINCT FROM NEW.brand)
  EXECUTE FUNCTION product_search_sync();--> statement-breakpoint
INSERT INTO product_search (art_no, sort_key, short_description, brand)
  SELECT art_no, lower(short_description), short_description, brand FROM products WHERE is_listed;--> statement-breakpoint
ANALYZE product_search;
