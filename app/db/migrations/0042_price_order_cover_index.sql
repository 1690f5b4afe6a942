DROP INDEX "products_listed_category_cover_idx";--> statement-breakpoint
CREATE INDEX "products_listed_category_cover_idx" ON "products" USING btree ("category_id","effective_price_cents",lower("short_description"),"art_no","brand","colour","material","size","type","short_description") WHERE is_listed;--> statement-breakpoint
-- The two category indexes now hold the same columns in two orders; a freshly built one beside a
-- grown (half-empty pages) one made the planner scan the smaller and sort instead of walking the name
-- index for a deep Z-A page (88 ms instead of ~20 at a million products). Rebuilt together, they compare
-- on their order alone.
REINDEX INDEX products_listed_category_name_idx;
