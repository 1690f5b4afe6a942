CREATE TABLE "listing_stock_order" (
	"art_no" integer PRIMARY KEY NOT NULL,
	"category_id" integer,
	"is_listed" boolean NOT NULL,
	"in_stock" boolean DEFAULT false NOT NULL,
	"sort_key" text,
	"brand" text,
	"colour" text,
	"material" text,
	"size" text,
	"type" text,
	"effective_price_cents" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written from here. The stock flag leaves `products` for the narrow listing_stock_order (ADR
-- 0022, addendum migration 0040): a product coming in stock was a new version of its ~1 kB row with
-- an entry in every index of `products` and its update triggers (a first stock feed of a million rows:
-- 125.7 s); now it is a new version of a ~90-byte row with two small index entries.
-- Writes to products and stock wait until this migration commits (reads go on until the column is
-- dropped, at the end), so no product or stock row changes between the copy and the new triggers.
LOCK TABLE products, stock IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DROP TRIGGER stock_in_stock_on_insert ON stock;--> statement-breakpoint
DROP TRIGGER stock_in_stock_on_update ON stock;--> statement-breakpoint
DROP TRIGGER stock_in_stock_on_delete ON stock;--> statement-breakpoint
DROP FUNCTION products_in_stock_sync();--> statement-breakpoint
INSERT INTO listing_stock_order
  (art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type, effective_price_cents)
SELECT p.art_no, p.category_id, p.is_listed, coalesce(s.quantity, 0) > 0, lower(p.short_description),
       p.brand, p.colour, p.material, p.size, p.type, p.effective_price_cents
FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
ORDER BY p.art_no;--> statement-breakpoint
CREATE INDEX "listing_stock_order_default_idx" ON "listing_stock_order" USING btree ("category_id","in_stock" DESC,"sort_key","art_no","brand","colour","material","size","type","effective_price_cents") WHERE is_listed;--> statement-breakpoint
-- listing_stock_order follows products (every product has a row, listed or not, so a listing change
-- is an update of the row and never reads stock): statement-level triggers with transition tables,
-- one INSERT … SELECT per statement, rows in ArtNo order (two writers lock them in the same order).
-- A product is written only when its row is missing or differs in the category, listing, name key,
-- filter columns or price (compared with the kept row, an index probe each); stock, image, HTML and
-- most other updates write nothing here. The stock flag is the stock triggers' alone (the upsert
-- never overwrites it); a new row takes it from stock (none, as stock references products, unless
-- the seed wrote the row first: it writes a batch's rows with their flag in the statement that
-- creates the products, and this then finds them right).
-- Every statement runs through EXECUTE, so it is planned at each run with the real sizes of the
-- transition tables and of the tables it joins. A PL/pgSQL statement's plan is otherwise made once per
-- session and kept: made on a first run over an empty transition table (an upsert's UPDATE event when
-- every row was new) or while this table was small (the first batches of a new catalogue), it stays a
-- nested loop over two transition tables or a sequential scan of this table per statement (measured:
-- 1.6 s instead of 0.7 s for 20 000 product updates in statements of 1 000 after an empty run; the
-- first 1 000 000-product feed read 732 million rows of this table in 1 481 sequential scans).
CREATE FUNCTION listing_stock_order_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE listing_stock_order;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'DELETE FROM listing_stock_order WHERE art_no IN (SELECT art_no FROM old_rows)';
  ELSE
    IF TG_OP = 'UPDATE' THEN
      -- A renumbered product: the old ArtNo's row goes.
      EXECUTE 'DELETE FROM listing_stock_order
               WHERE art_no IN (SELECT art_no FROM old_rows EXCEPT SELECT art_no FROM new_rows)';
    END IF;
    EXECUTE $q$
      INSERT INTO listing_stock_order AS l
        (art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type, effective_price_cents)
      SELECT n.art_no, n.category_id, n.is_listed, coalesce(s.quantity, 0) > 0, lower(n.short_description),
             n.brand, n.colour, n.material, n.size, n.type, n.effective_price_cents
      FROM new_rows n
      LEFT JOIN listing_stock_order k ON k.art_no = n.art_no
      LEFT JOIN stock s ON s.art_no = n.art_no
      WHERE k.art_no IS NULL
         OR (k.category_id, k.is_listed, k.sort_key, k.brand, k.colour, k.material, k.size, k.type, k.effective_price_cents)
            IS DISTINCT FROM
            (n.category_id, n.is_listed, lower(n.short_description), n.brand, n.colour, n.material, n.size, n.type,
             n.effective_price_cents)
      ORDER BY n.art_no
      ON CONFLICT (art_no) DO UPDATE
        SET category_id = excluded.category_id, is_listed = excluded.is_listed, sort_key = excluded.sort_key,
            brand = excluded.brand, colour = excluded.colour, material = excluded.material, size = excluded.size,
            type = excluded.type, effective_price_cents = excluded.effective_price_cents$q$;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_listing_order_on_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_products();
--> statement-breakpoint
CREATE TRIGGER products_listing_order_on_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_products();
--> statement-breakpoint
CREATE TRIGGER products_listing_order_on_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_products();
--> statement-breakpoint
CREATE TRIGGER products_listing_order_on_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_products();
--> statement-breakpoint
-- The flag follows stock, whoever writes it (checkout, admin edit, supplier stock feed, seed): one
-- UPDATE per statement, of the rows whose flag really changes; through EXECUTE, as above.
CREATE FUNCTION listing_stock_order_from_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Products truncated in the same statement (TRUNCATE products CASCADE) are gone already: their
    -- rows go with them (the products trigger), not one by one here.
    UPDATE listing_stock_order l SET in_stock = false
    WHERE l.in_stock AND EXISTS (SELECT 1 FROM products p WHERE p.art_no = l.art_no);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'UPDATE listing_stock_order l SET in_stock = false
             FROM old_rows o WHERE l.art_no = o.art_no AND l.in_stock';
  ELSE
    EXECUTE 'UPDATE listing_stock_order l SET in_stock = (coalesce(n.quantity, 0) > 0)
             FROM new_rows n
             WHERE l.art_no = n.art_no AND l.in_stock IS DISTINCT FROM (coalesce(n.quantity, 0) > 0)';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_listing_order_on_insert AFTER INSERT ON stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_stock();
--> statement-breakpoint
CREATE TRIGGER stock_listing_order_on_update AFTER UPDATE ON stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_stock();
--> statement-breakpoint
CREATE TRIGGER stock_listing_order_on_delete AFTER DELETE ON stock
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_stock();
--> statement-breakpoint
CREATE TRIGGER stock_listing_order_on_truncate AFTER TRUNCATE ON stock
FOR EACH STATEMENT EXECUTE FUNCTION listing_stock_order_from_stock();
--> statement-breakpoint
ANALYZE listing_stock_order;--> statement-breakpoint
-- Last: these take products exclusively until the commit.
DROP INDEX "products_listed_default_order_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "in_stock";
