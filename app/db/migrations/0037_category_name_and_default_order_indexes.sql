-- Issue 14: the name sorts of a category page get their own index, and the default-order index
-- carries the filter columns and the description, so both walk a category with LIMIT index-only
-- (no table visit per filtered or OFFSET-ed entry). Builds in about a minute at a million products,
-- blocking product writes meanwhile.
DROP INDEX "products_listed_default_order_idx";--> statement-breakpoint
CREATE INDEX "products_listed_category_name_idx" ON "products" USING btree ("category_id",lower("short_description"),"art_no","short_description","brand","colour","material","size","type","effective_price_cents") WHERE is_listed;--> statement-breakpoint
CREATE INDEX "products_listed_default_order_idx" ON "products" USING btree ("category_id","in_stock" DESC,lower("short_description"),"art_no","short_description","brand","colour","material","size","type","effective_price_cents") WHERE is_listed;
