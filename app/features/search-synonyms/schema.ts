import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The owner's say in search (issue 30 items 9 and 10, ADR 0044).
 *
 * search_synonyms: "fietsketting ⇒ ketting", one-way. The term is kept as the admin typed it, lower
 * case with single spaces; the query rewrite compares with accents and case folded away.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    term: text("term").notNull().unique("search_synonyms_term_key"),
    replacement: text("replacement").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("search_synonyms_term_length", sql`char_length(${t.term}) BETWEEN 2 AND 100`),
    check("search_synonyms_replacement_length", sql`char_length(${t.replacement}) BETWEEN 2 AND 100`),
  ],
);

/**
 * search_week_queries: how often a query was searched in an ISO week (Amsterdam time) and how often
 * it found nothing. Nothing else: no IP, user, session or moment finer than the week, so the table
 * holds no personal data. One row per week and query, at most 100 characters; weeks older than a
 * year are removed.
 */
export const searchWeekQueries = pgTable(
  "search_week_queries",
  {
    /** The Monday the ISO week starts on. */
    weekStart: date("week_start").notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    zeroResults: integer("zero_results").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "search_week_queries_pkey", columns: [t.weekStart, t.query] }),
    check("search_week_queries_query_length", sql`char_length(${t.query}) BETWEEN 1 AND 100`),
  ],
);
