-- The blocks of search_blocks that can hold a term (docs/decisions/0025-search-results-walk.md):
-- those whose grams hold all the term's pieces, through the GIN index, and every dirty block.
-- For a common 2-character term ("ca": 630 of 3 920 blocks at a million products) the planner
-- prefers reading the table, which it costs at its few hundred main pages, but the test detoasts
-- every block's grams (15-26 ms instead of 1.2 ms through the index). The function carries
-- `enable_seqscan = off` for its own statement only: the walks ran in a transaction with
-- `SET LOCAL` before, three extra round trips for every suggestion. PL/pgSQL also keeps the
-- statement's plan for the session, so it is planned once per connection, not per keystroke.
CREATE FUNCTION search_block_candidates(term_grams integer[])
RETURNS TABLE (lo_key text, lo_art_no integer)
LANGUAGE plpgsql STABLE ROWS 100
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
    SELECT b.lo_key, b.lo_art_no FROM search_blocks b WHERE b.grams @> term_grams
    UNION
    SELECT b.lo_key, b.lo_art_no FROM search_blocks b JOIN search_blocks_dirty d ON d.block_id = b.id;
END
$$;
