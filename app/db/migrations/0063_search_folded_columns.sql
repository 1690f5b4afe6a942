-- The name key and the brand folded as the search compares them, stored (ADR 0053): one table rewrite
-- for both. PostgreSQL computes a stored column when a row is written, not when search_fold changes:
-- a migration that redefines search_fold must recompute them (UPDATE product_search SET sort_key =
-- sort_key); search-definitions.test.ts checks that it does.
ALTER TABLE "product_search"
  ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold(sort_key)) STORED,
  ADD COLUMN "brand_folded" text GENERATED ALWAYS AS (search_fold(brand)) STORED;
