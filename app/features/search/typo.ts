/**
 * Typo tolerance as Meilisearch and Typesense have it by default: a word of 5 characters or more
 * may be one edit away, from 9 two; a swap of two neighbouring letters counts as one edit
 * (optimal string alignment distance, a restricted Damerau-Levenshtein).
 */

/** How many edits a typed word may be from the word it means. */
export function allowedEdits(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** The optimal string alignment distance between a and b, or max + 1 once it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/**
 * The edits between a word being typed and the start of a vocabulary word: the best of the word's
 * beginnings one shorter, as long, or one longer than what was typed ("kettn" is one edit from
 * "kettin", the start of "ketting").
 */
export function prefixDistance(typed: string, word: string, max: number): number {
  let best = max + 1;
  for (let length = typed.length - max; length <= typed.length + max; length++) {
    if (length < 1 || length > word.length) continue;
    best = Math.min(best, editDistance(typed, word.slice(0, length), max));
  }
  return best;
}
