DROP INDEX "product_search_order_idx";--> statement-breakpoint
CREATE INDEX "product_search_order_idx" ON "product_search" USING btree ("sort_key","art_no","brand") WHERE is_listed;--> statement-breakpoint
-- The blocks' grams now hold the brands' pieces too (search-blocks.server.ts): every block is read
-- for every term until the refresh job (every minute) has summarised it again.
INSERT INTO search_blocks_dirty (block_id) SELECT id FROM search_blocks ON CONFLICT (block_id) DO NOTHING;
