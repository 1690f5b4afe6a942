import { sql, type SQL } from "drizzle-orm";
import { wholeWordPattern, withoutContaining, wordStartPattern, type QueryWord, type SearchQuery } from "./query";

/**
 * The SQL of a compiled query over a row alias that has `name_folded` and `brand_folded`, the
 * name and the brand as the search compares them (foldedColumns). Every piece is letters and digits
 * only (queryWords), so it needs no escaping in a LIKE pattern or a regular expression.
 */

/**
 * The columns a row tested by the search's conditions carries: its name key and brand, folded
 * (search_fold). A condition tests the name several times (each word's forms and corrections, then
 * where each matched for the relevance), and PostgreSQL computes an expression at each mention: a
 * subquery fenced with OFFSET 0 folds each row once (not once per mention, up to eight), where the
 * walks filter and the ranking reads. Unfenced, the planner puts the expressions back in place, and a
 * condition on `search_fold(sort_key)` can use its trigram index.
 */
export function foldedColumns(nameKey: SQL, brandText: SQL): SQL {
  return sql`search_fold(${nameKey}) AS name_folded, search_fold(${brandText}) AS brand_folded`;
}

const name = (row: SQL) => sql`${row}.name_folded`;
const brand = (row: SQL) => sql`${row}.brand_folded`;

function containsAny(text: SQL, pieces: readonly string[]): SQL {
  return sql.join(
    withoutContaining(pieces).map((piece) => sql`${text} LIKE ${`%${piece}%`}`),
    sql` OR `,
  );
}

/** The word's exact forms (stems) or its corrections, in the name or (withBrand) the brand. */
function wordIn(row: SQL, pieces: readonly string[], withBrand: boolean): SQL {
  const inName = containsAny(name(row), pieces);
  return withBrand ? sql`(${inName} OR ${containsAny(brand(row), pieces)})` : sql`(${inName})`;
}

function wordMatches(row: SQL, word: QueryWord, withBrand: boolean): SQL {
  return wordIn(row, [...word.forms, ...word.corrections], withBrand);
}

/** Every word of the query matches the row, exactly or through a correction. */
export function matchesQuery(row: SQL, query: SearchQuery, withBrand: boolean): SQL {
  if (!query.words.length) return sql`FALSE`;
  return sql.join(
    query.words.map((word) => wordMatches(row, word, withBrand)),
    sql` AND `,
  );
}

/** Every word of the query matches the row exactly (by its forms, no correction). */
export function matchesExactly(row: SQL, query: SearchQuery, withBrand: boolean): SQL {
  if (!query.words.length) return sql`FALSE`;
  return sql.join(
    query.words.map((word) => wordIn(row, word.forms, withBrand)),
    sql` AND `,
  );
}

/** Every word of the query is a whole word of the name (its forms, inflected or not). */
export function wholeWordsInName(row: SQL, query: SearchQuery): SQL {
  if (!query.words.length) return sql`FALSE`;
  return sql.join(
    query.words.map((word) => sql`${name(row)} ~ ${wholeWordPattern(word.forms)}`),
    sql` AND `,
  );
}

/**
 * How well one set of pieces matches: 0 a whole word of the name, 1 of the brand, 2 the start of a
 * word of the name, 3 of the brand, 4 inside a word of the name, 5 of the brand, null not at all.
 */
function placeOf(row: SQL, pieces: readonly string[], withBrand: boolean): SQL {
  const whole = wholeWordPattern(pieces);
  const start = wordStartPattern(pieces);
  const b = withBrand ? brand(row) : sql`NULL::text`;
  return sql`CASE WHEN ${name(row)} ~ ${whole} THEN 0 WHEN ${b} ~ ${whole} THEN 1
    WHEN ${name(row)} ~ ${start} THEN 2 WHEN ${b} ~ ${start} THEN 3
    WHEN ${containsAny(name(row), pieces)} THEN 4 WHEN ${containsAny(b, pieces)} THEN 5 END`;
}

/**
 * The relevance of a matching row, as two columns that sort ascending (docs/decisions/0043):
 * `typos`, how many words matched through a correction only (an exact match always ranks above a
 * corrected one), and `place`, the sum over the words of where each matched (placeOf). The caller
 * orders by these, then in stock first, then the name.
 */
export function relevanceColumns(row: SQL, query: SearchQuery, withBrand: boolean): SQL {
  if (!query.words.length) return sql`0 AS typos, 0 AS place`;
  const typos = sql.join(
    query.words.map((word) => sql`(CASE WHEN ${wordIn(row, word.forms, withBrand)} THEN 0 ELSE 1 END)`),
    sql` + `,
  );
  const place = sql.join(
    query.words.map((word) => {
      const exact = placeOf(row, word.forms, withBrand);
      return word.corrections.length
        ? sql`coalesce(${exact}, ${placeOf(row, word.corrections, withBrand)}, 6)`
        : sql`coalesce(${exact}, 6)`;
    }),
    sql` + `,
  );
  return sql`(${typos}) AS typos, (${place}) AS place`;
}

/**
 * The blocks of a block summary that can hold a match: for every word, the blocks whose grams hold
 * all pieces of one of its forms or corrections (`candidates(piece)`: one of the search_block_candidates
 * functions, dirty blocks included), intersected over the words. `columns` names the function's
 * bound columns.
 */
export function candidateBlocks(query: SearchQuery, candidates: (grams: SQL) => SQL, columns: string): SQL {
  const cols = sql.raw(columns);
  // A query without words matches nothing (matchesQuery): no block, and still a valid subquery.
  if (!query.words.length) return sql`SELECT ${cols} FROM ${candidates(sql`'{}'::int[]`)} WHERE FALSE`;
  const perWord = query.words.map(
    (word) =>
      sql`(${sql.join(
        // A block that can hold a piece can hold the pieces inside it: the union needs only those.
        withoutContaining([...word.forms, ...word.corrections]).map(
          (piece) => sql`SELECT ${cols} FROM ${candidates(termGrams(piece))}`,
        ),
        sql` UNION `,
      )})`,
  );
  return sql.join(perWord, sql` INTERSECT `);
}

/**
 * The hashes a block must hold for a text in it to contain `piece` (2+ characters): the piece itself
 * when it has two characters, else each of its 3-character pieces (the refresh stores both kinds).
 */
export function termGrams(piece: string): SQL {
  if (piece.length === 2) return sql`ARRAY[hashtext(${piece}::text)]`;
  return sql`ARRAY(SELECT DISTINCT hashtext(substr(${piece}::text, i, 3)) FROM generate_series(1, length(${piece}::text) - 2) i)`;
}
