/** The searches the benchmarks time (bench/catalogue.bench.ts, bench/demo-search.bench.ts). */
export const resultTerms = ["shimano", "ketting", "band", "gel", "continental zwart", "zadel"];
// Issue 30: queries as shoppers type them: plurals and diminutives, two words in any order, typos.
export const pluralTerms = ["kettingen", "zadels", "banden", "remblokjes", "pedalen", "cassettes"];
export const twoWordTerms = [
  "shimano ketting",
  "ketting shimano",
  "brooks zadel",
  "campagnolo cassette",
  "schwalbe binnenband",
  "zwart vouwband",
];
export const typoTerms = ["shimanno", "kettnig", "contintental", "casette", "schwlabe", "zadle"];
export const asShoppersType = [...pluralTerms, ...twoWordTerms, ...typoTerms];
