-- A text search with more than EXACT_SEARCH_LIMIT matches, sorted by price, walks this index in the
-- page's direction and tests each entry's name and brand against the term, stopping at the page
-- (priceWalk in search-walk.server.ts, ADR 0025). Before, it fetched and sorted every match: 1.5-1.8 s
-- for "shimano" (72 000 matches) at a million products. A term that reaches this walk matches at
-- least one listed product in a thousand, so a first page reads at most some 20 000 entries, a
-- common term a few hundred.
CREATE INDEX "listing_stock_order_price_idx" ON "listing_stock_order" USING btree ("effective_price_cents","sort_key","art_no","brand","in_stock","category_id","colour","material","size","type") WHERE is_listed;
