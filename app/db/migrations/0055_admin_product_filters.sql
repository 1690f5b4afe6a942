CREATE INDEX "products_admin_category_idx" ON "products" USING btree ("category_id","art_no","status","discounted_price_cents","consumer_price_cents");--> statement-breakpoint
CREATE INDEX "products_admin_inactive_idx" ON "products" USING btree ("art_no","category_id","discounted_price_cents","consumer_price_cents") WHERE status <> 1;--> statement-breakpoint
CREATE INDEX "products_admin_offer_idx" ON "products" USING btree ("art_no","category_id","status") WHERE discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents;--> statement-breakpoint
CREATE INDEX "stock_out_idx" ON "stock" USING btree ("art_no") WHERE quantity <= 0;--> statement-breakpoint
CREATE INDEX "stock_low_idx" ON "stock" USING btree ("art_no") WHERE quantity BETWEEN 1 AND 5;