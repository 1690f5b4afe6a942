-- The vocabulary words that may be a typo of `term` away from it, or start with such a piece (the
-- word being typed): trigram word similarity through the GIN index of search_words. The real edit
-- distance is checked in JavaScript (typo.ts) on these few candidates. The threshold is set for
-- this function's statement only; 0.3 keeps a swapped pair in a 5-letter word ("zaedl" for
-- "zadel": 0.33) and costs a few hundred words at most.
CREATE OR REPLACE FUNCTION search_word_candidates(term text)
RETURNS TABLE (word text, score real)
LANGUAGE sql STABLE ROWS 50
SET pg_trgm.word_similarity_threshold = 0.3
AS $$
  SELECT w.word, word_similarity(term, w.word) FROM search_words w
  WHERE term <% w.word
  ORDER BY 2 DESC, w.word
  LIMIT 200
$$;
