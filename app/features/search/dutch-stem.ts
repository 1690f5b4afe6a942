/**
 * A small Dutch normaliser for the search: the forms a shopper types for a product word are reduced
 * to a stem that the product's own word contains, because the shop's search matches "contains" (spec:
 * "band" finds "binnenband"). Plurals (kettingen, zadels, banden, remblokken, pedalen), diminutives
 * (remblokjes, wieltjes, kettinkje) and their plurals. Not the Snowball stemmer: that one reduces
 * the product's words as well ("fietsen" → "fiets"), which a contains-match on the stored names
 * cannot use; here only the query is reduced, and both directions are covered by containment plus
 * one extra variant for the open syllable (pedaal → pedal, which "pedalen" contains).
 */

const VOWELS = "aeiouy";

function isVowel(ch: string | undefined): boolean {
  return ch != null && VOWELS.includes(ch);
}

/** Drops a doubled final consonant: remblokk → remblok, remm → rem. */
function undouble(stem: string): string {
  const last = stem.at(-1);
  return last && !isVowel(last) && stem.at(-2) === last ? stem.slice(0, -1) : stem;
}

/** The stem of a diminutive without its -je/-jes: wieltje → wiel, kettinkje → ketting, remblokje → remblok. */
function undiminish(word: string): string | null {
  const match = /^(.*?)(etjes|etje|tjes|tje|pjes|pje|jes|je)$/.exec(word);
  if (!match) return null;
  const suffix = match[2]!;
  let base = match[1]!;
  if (base.length < 3) return null;
  if (suffix.startsWith("et"))
    base = undouble(base); // balletje → bal
  else if (suffix.startsWith("p") && !base.endsWith("m")) return null; // "pje" follows an m only (boompje)
  if (base.endsWith("ink")) base = `${base.slice(0, -3)}ing`; // kettinkje → ketting
  return base;
}

/** The stem of a plural: kettingen → ketting, banden → band, remblokken → remblok, zadels → zadel. */
function unplural(word: string): string | null {
  if (word.length >= 5 && word.endsWith("en")) {
    let base = word.slice(0, -2);
    if (base.endsWith("i") && /[aeo]$/.test(base.slice(0, -1))) return base; // ideeën folded: ideeen
    base = undouble(base);
    if (base.endsWith("v"))
      base = `${base.slice(0, -1)}f`; // druiven → druif
    else if (base.endsWith("z")) base = `${base.slice(0, -1)}s`; // huizen → huis
    return base.length >= 3 ? base : null;
  }
  if (word.length >= 4 && word.endsWith("s") && !word.endsWith("ss")) {
    const before = word.at(-2)!;
    // After a vowel other than e the plural takes an apostrophe (foto's), so glas, kras stay whole.
    if ("elrnm".includes(before)) return word.slice(0, -1); // zadels, cassettes, bidons, gels
  }
  return null;
}

/** The stem a query word is matched by (the word itself when it has no Dutch inflection). */
export function dutchStem(word: string): string {
  const small = undiminish(word);
  if (small) return small;
  return unplural(word) ?? word;
}

/**
 * Every form a product word may take that this query word should find, as the pieces the product's
 * text must contain: the stem, and for a singular with a long vowel before its last consonant the
 * open-syllable form of its plural (pedaal → pedal: "pedalen"; boom → bom: "bomen").
 */
export function matchForms(word: string): string[] {
  const stem = dutchStem(word);
  const forms = [stem];
  const open = /^(.*[^aeiou])([aeou])\2([^aeiouy])$/.exec(stem);
  if (open && stem.length >= 5) forms.push(`${open[1]}${open[2]}${open[3]}`);
  return forms;
}

/**
 * The endings an inflected whole word may have after a stem, for "the word itself" in the ranking:
 * ketting, kettingen, kettinkje; remblok, remblokken, remblokjes. As a regular-expression group.
 */
export function inflectionPattern(stem: string): string {
  const last = stem.at(-1) ?? "";
  const doubled = /[bdfgklmnprstz]/.test(last) ? `|${last}en|${last}ens` : "";
  return `(en|s|e|es|je|jes|tje|tjes|etje|etjes|ens${doubled})?`;
}
