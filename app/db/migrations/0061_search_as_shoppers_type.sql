CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Accent- and case-free text, as the shop's search compares it (fold() in normalise.ts does the
-- same in JavaScript; a test checks they agree). translate() is built in, so the same SQL runs on
-- PGlite and PostgreSQL without the unaccent extension; the upper-case letters are listed as well
-- because lower() leaves non-ASCII letters alone under the C locale. A plain SQL function, so the
-- planner inlines it. ASCII text (nearly every name) skips translate(): it is the costly part, about
-- 30 µs a row against a 70-letter list, and on ASCII it would change nothing that lower() has not.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN octet_length(t) = char_length(t) THEN lower(t) ELSE translate(lower(t),
    'àáâãäåāèéêëēėęìíîïīòóôõöøōùúûüūýÿçćčñńšśžźłÀÁÂÃÄÅĀÈÉÊËĒĖĘÌÍÎÏĪÒÓÔÕÖØŌÙÚÛÜŪÝŸÇĆČÑŃŠŚŽŹŁ',
    'aaaaaaaeeeeeeeiiiiiooooooouuuuuyycccnnsszzlaaaaaaaeeeeeeeiiiiiooooooouuuuuyycccnnsszzl') END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- The blocks' grams now hold the pieces of the accent-free keys too, and the refresh fills
-- search_words: every block is read for every term until the refresh job has summarised it again.
INSERT INTO search_blocks_dirty (block_id) SELECT id FROM search_blocks ON CONFLICT (block_id) DO NOTHING;--> statement-breakpoint
INSERT INTO price_blocks_dirty (block_id) SELECT id FROM price_blocks ON CONFLICT (block_id) DO NOTHING;--> statement-breakpoint
INSERT INTO category_blocks_dirty (block_id) SELECT id FROM category_blocks ON CONFLICT (block_id) DO NOTHING;
