DROP INDEX "products_listed_category_idx";--> statement-breakpoint
DROP INDEX "products_listed_category_brand_idx";--> statement-breakpoint
DROP INDEX "products_short_description_order_idx";--> statement-breakpoint
CREATE INDEX "products_listed_category_cover_idx" ON "products" USING btree ("category_id","effective_price_cents","art_no","brand","colour","material","size","type","short_description") WHERE is_listed;--> statement-breakpoint
CREATE INDEX "products_suggestion_cover_idx" ON "products" USING btree (lower("short_description"),"art_no","brand","short_description") WHERE is_listed;