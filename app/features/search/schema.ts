import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The search's vocabulary: every word (accent-free, lowercased, 2+ letters or digits) of a listed
 * product's name or brand, as the block refresh last saw it (search-blocks.server.ts adds the words
 * of each block it summarises). A typo is corrected against these words, found through the trigram
 * index (`search_word_candidates`, docs/decisions/0043-search-as-shoppers-type.md): its cost
 * follows the vocabulary (a few thousand words at a million generated products), not the catalogue.
 * Words are never removed: a word whose products left costs a correction that finds nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
