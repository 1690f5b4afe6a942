-- listed_product_counts follows products, whoever writes them (admin edit, supplier feed, seed,
-- migrations): statement-level triggers with transition tables, one aggregate per statement, and
-- only categories whose count really changes are written (a price or stock update locks no count
-- row). Rows are upserted in category order, so two writers take their locks in the same order.
CREATE FUNCTION listed_product_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listed_product_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listed_product_counts AS c (category_id, listed)
    SELECT category_id, count(*)::int FROM new_rows WHERE is_listed
    GROUP BY category_id ORDER BY category_id NULLS FIRST
    ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listed_product_counts AS c (category_id, listed)
    SELECT category_id, -count(*)::int FROM old_rows WHERE is_listed
    GROUP BY category_id ORDER BY category_id NULLS FIRST
    ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  ELSE
    INSERT INTO listed_product_counts AS c (category_id, listed)
    SELECT category_id, sum(d)::int FROM (
      SELECT category_id, 1 AS d FROM new_rows WHERE is_listed
      UNION ALL
      SELECT category_id, -1 FROM old_rows WHERE is_listed
    ) changes
    GROUP BY category_id HAVING sum(d) <> 0 ORDER BY category_id NULLS FIRST
    ON CONFLICT (category_id) DO UPDATE SET listed = c.listed + excluded.listed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_listed_counts_on_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER products_listed_counts_on_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER products_listed_counts_on_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER products_listed_counts_on_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION listed_product_counts_sync();
--> statement-breakpoint
INSERT INTO listed_product_counts (category_id, listed)
SELECT category_id, count(*)::int FROM products WHERE is_listed GROUP BY category_id;
