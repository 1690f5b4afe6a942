-- The stock flag of listing_stock_order (migration 0040) is set by key: the trigger collects from its
-- transition table the ArtNos whose flag may change and updates them with `art_no = ANY($1)`, an
-- index scan of the primary key in ArtNo order. The earlier `UPDATE … FROM new_rows` was a join the
-- planner costed against the whole table: for a statement of 5 000 stock rows (the supplier stock
-- feed's batch) at 200 000 products it chose a hash join over a sequential scan of listing_stock_order
-- (measured: 194 ms for the statement, 129 ms of it the scan and its hash; the probes by key take
-- 15-20 ms); at a million products it kept the index.
-- Same result as before: a product is in stock when its quantity is above 0, and only rows whose
-- flag really changes are written. Still through EXECUTE, planned at each run (see 0040).
CREATE OR REPLACE FUNCTION listing_stock_order_from_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Products truncated in the same statement (TRUNCATE products CASCADE) are gone already: their
    -- rows go with them (the products trigger), not one by one here.
    UPDATE listing_stock_order l SET in_stock = false
    WHERE l.in_stock AND EXISTS (SELECT 1 FROM products p WHERE p.art_no = l.art_no);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE 'UPDATE listing_stock_order SET in_stock = false WHERE art_no = ANY($1) AND in_stock'
      USING ARRAY(SELECT art_no FROM old_rows ORDER BY art_no);
  ELSE
    EXECUTE 'UPDATE listing_stock_order SET in_stock = true WHERE art_no = ANY($1) AND NOT in_stock'
      USING ARRAY(SELECT art_no FROM new_rows WHERE quantity > 0 ORDER BY art_no);
    EXECUTE 'UPDATE listing_stock_order SET in_stock = false WHERE art_no = ANY($1) AND in_stock'
      USING ARRAY(SELECT art_no FROM new_rows WHERE NOT coalesce(quantity > 0, false) ORDER BY art_no);
  END IF;
  RETURN NULL;
END;
$$;
