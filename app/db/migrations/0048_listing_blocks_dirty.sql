-- One function for the two summaries kept from listing_stock_order (migrations 0046 and 0047 wrote
-- the same trigger twice): a listed row that enters, or moves in the summary's order (its first key:
-- the price or the category; then its name), or changes its brand, marks the block it now falls in
-- dirty. Arguments: the summary, its dirty table, the summary's first bound column and the row's
-- column for it. A row without that key (a product without a category) is in no block.
-- Same behaviour as the two functions it replaces.
CREATE FUNCTION listing_blocks_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blocks text := TG_ARGV[0];
  dirty text := TG_ARGV[1];
  bound text := TG_ARGV[2];
  key text := TG_ARGV[3];
  moved integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(art_no) FROM new_rows WHERE is_listed AND %I IS NOT NULL', key) INTO moved;
  ELSE
    EXECUTE format('SELECT array_agg(art_no) FROM (
                      SELECT art_no, %1$I, sort_key, brand FROM new_rows WHERE is_listed AND %1$I IS NOT NULL
                      EXCEPT
                      SELECT art_no, %1$I, sort_key, brand FROM old_rows WHERE is_listed) m', key) INTO moved;
  END IF;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format('LOCK TABLE %I IN ROW EXCLUSIVE MODE', blocks);
  EXECUTE format($q$
    INSERT INTO %2$I (block_id)
    SELECT DISTINCT (SELECT x.id FROM %1$I x
                     WHERE (x.%3$I, x.lo_key, x.lo_art_no) <= (l.%4$I, l.sort_key, l.art_no)
                     ORDER BY x.%3$I DESC, x.lo_key DESC, x.lo_art_no DESC LIMIT 1)
    FROM listing_stock_order l WHERE l.art_no = ANY($1)
    ORDER BY 1
    ON CONFLICT (block_id) DO NOTHING
  $q$, blocks, dirty, bound, key) USING moved;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER listing_price_blocks_on_insert ON listing_stock_order;--> statement-breakpoint
DROP TRIGGER listing_price_blocks_on_update ON listing_stock_order;--> statement-breakpoint
DROP TRIGGER listing_category_blocks_on_insert ON listing_stock_order;--> statement-breakpoint
DROP TRIGGER listing_category_blocks_on_update ON listing_stock_order;--> statement-breakpoint
DROP FUNCTION listing_price_blocks_dirty();--> statement-breakpoint
DROP FUNCTION listing_category_blocks_dirty();--> statement-breakpoint
CREATE TRIGGER listing_price_blocks_on_insert AFTER INSERT ON listing_stock_order
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION listing_blocks_dirty('price_blocks', 'price_blocks_dirty', 'lo_price', 'effective_price_cents');--> statement-breakpoint
CREATE TRIGGER listing_price_blocks_on_update AFTER UPDATE ON listing_stock_order
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION listing_blocks_dirty('price_blocks', 'price_blocks_dirty', 'lo_price', 'effective_price_cents');--> statement-breakpoint
CREATE TRIGGER listing_category_blocks_on_insert AFTER INSERT ON listing_stock_order
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION listing_blocks_dirty('category_blocks', 'category_blocks_dirty', 'lo_category', 'category_id');--> statement-breakpoint
CREATE TRIGGER listing_category_blocks_on_update AFTER UPDATE ON listing_stock_order
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION listing_blocks_dirty('category_blocks', 'category_blocks_dirty', 'lo_category', 'category_id');
