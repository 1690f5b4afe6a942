/**
 * The search's relevance set (issue 30 item 12): queries as shoppers type them on the demo
 * catalogue, each with products that must and must not be among the first five. The expectations
 * were read from the demo catalogue's data (app/db/seed/catalogue-data.ts, 640 products generated
 * from a fixed seed): the product that a shopper means first, by the rules of the issue (every word;
 * whole word before word start before inside a word; in stock first; then the name A–Z), and
 * products that only hold the word inside another word or match a different word. Used by
 * tests/integration/search-relevance.test.ts and by bench/search-engines.bench.ts (which scores
 * other engines against the same set, docs/decisions/0048).
 */
import type { Db } from "../../app/db/client.server";
import { insertProducts, insertReferenceData } from "../../app/db/seed/catalogue.server";
import { DEMO_PRODUCT_COUNT } from "../../app/db/seed/product-generator";
import { refreshSearchBlocks } from "../../app/features/search/search-blocks.server";
import { createProduct } from "./factories";

export type RelevanceCase = { q: string; must: number[]; mustNot?: number[]; why: string };

// Demo ArtNos used below (name as generated; "out" = sold out).
const CAMPAGNOLO_CENTAUR_KETTING = 10609; // Campagnolo Centaur 11 ketting 10-speed 126 schakels
const CAMPAGNOLO_CHORUS_KETTING = 10517; // Campagnolo Chorus 12 ketting 11-speed 116 schakels
const KETTINGOLIE = [10472, 10279, 10339]; // Finish Line … kettingolie …
const KETTINGPONS = 10130; // Shimano TL-CN42 kettingpons
export const SHIMANO_DEORE_KETTING = 10014; // Shimano Deore CN-M6100 ketting 10-speed 116 schakels
const SHIMANO_DEORE_KETTING_11 = 10587; // Shimano Deore CN-M6100 ketting 11-speed
export const BROOKS_CAMBIUM_ZADEL = 10057; // Brooks Cambium C17 zadel staal rails
const BROOKS_SWIFT_ZADEL = 10498; // Brooks Swift zadel carbon rails maat M
const BROOKS_B17_OUT = 10401; // Brooks B17 zadel staal rails maat S (sold out)
const MTB_BAND = 10547; // Continental Cross King MTB-band 29 inch x 2.40 tubeless ready
const BINNENBANDEN = [10282, 10408, 10188]; // Continental Race 28 (Light) binnenband …
const CONTINENTAL_BUITENBAND = 10177; // Continental Contact Plus buitenband 24 inch x 1.75 (47-622)
const CONTINENTAL_VOUWBAND = 10027; // Continental Grand Prix 5000 vouwband 700x25c zwart
const VELGREMBLOKKEN = 10335; // Campagnolo Record remrubbers velgremblokken voor aluminium velgen
const CRANKBROTHERS_PEDALEN = 10487; // Crankbrothers Mallet E pedalen blauw
export const CAMPAGNOLO_CASSETTE = 10473; // Campagnolo Centaur 11 cassette 10-speed
const SHIMANO_CASSETTE = 10590; // Shimano CS-HG700 cassette 10-speed 11-34
const BYE_GEL = 10094; // BYE! Energy Gel caffeine mango 40 g
const LEZYNE_VLOERPOMP = 10633; // Lezyne Classic Floor Drive vloerpomp rood
const SCHWALBE_BINNENBAND = 10109; // Schwalbe AV19 binnenband 29 inch presta 60 mm
const BUSCH_MULLER_ACHTERLICHT = 10050; // Busch + Müller IQ-X achterlicht 1200 lumen USB-C
const FIZIK_STUURLINT = 10236; // Fizik Tempo Microtex Bondcush Soft stuurlint groen
const ERGON_HANDVATTEN = 10215; // Ergon GE1 Evo handvatten L rood
export const FINISH_LINE_KETTINGOLIE = 10472; // Finish Line 1-Step Clean & Lube kettingolie droog weer 120 ml
/** Not in the demo data (it has no accented product name): added here for crème = creme. */
export const CHAMOIS_CREME = 99001;

export const RELEVANCE_CASES: RelevanceCase[] = [
  // The examples.
  {
    q: "kettingen",
    must: [CAMPAGNOLO_CENTAUR_KETTING],
    mustNot: [...KETTINGOLIE, KETTINGPONS],
    why: "plural finds the word",
  },
  {
    q: "zadels",
    must: [BROOKS_CAMBIUM_ZADEL, BROOKS_SWIFT_ZADEL],
    mustNot: [BROOKS_B17_OUT],
    why: "plural -s; in stock first",
  },
  {
    q: "shimano ketting",
    must: [SHIMANO_DEORE_KETTING, SHIMANO_DEORE_KETTING_11],
    mustNot: [KETTINGPONS],
    why: "two words",
  },
  {
    q: "ketting shimano",
    must: [SHIMANO_DEORE_KETTING, SHIMANO_DEORE_KETTING_11],
    mustNot: [KETTINGPONS],
    why: "any order",
  },
  { q: "shimanno", must: [SHIMANO_CASSETTE], mustNot: [CAMPAGNOLO_CASSETTE], why: "one typo (8 letters)" },
  { q: "kettnig", must: [CAMPAGNOLO_CENTAUR_KETTING], mustNot: KETTINGOLIE, why: "a swap is one edit" },
  { q: "contintental", must: [CONTINENTAL_BUITENBAND], mustNot: [SCHWALBE_BINNENBAND], why: "typo in a long word" },
  { q: "crème", must: [CHAMOIS_CREME], why: "accents do not matter" },
  { q: "banden", must: [MTB_BAND], mustNot: BINNENBANDEN, why: "plural; the whole word before the word inside" },
  // Inflections.
  {
    q: "ketting",
    must: [CAMPAGNOLO_CENTAUR_KETTING, CAMPAGNOLO_CHORUS_KETTING],
    mustNot: [...KETTINGOLIE, KETTINGPONS],
    why: "whole word before compound",
  },
  { q: "zadel", must: [BROOKS_CAMBIUM_ZADEL], mustNot: [BROOKS_B17_OUT], why: "in stock first" },
  { q: "remblokjes", must: [VELGREMBLOKKEN], why: "diminutive plural" },
  { q: "remblokken", must: [VELGREMBLOKKEN], why: "plural with doubled consonant" },
  { q: "remblok", must: [VELGREMBLOKKEN], why: "singular finds the compound plural" },
  { q: "pedaal", must: [CRANKBROTHERS_PEDALEN], why: "long vowel singular finds the open-syllable plural" },
  { q: "pedalen", must: [CRANKBROTHERS_PEDALEN], why: "plural" },
  { q: "cassettes", must: [CAMPAGNOLO_CASSETTE], why: "plural -s after e" },
  { q: "gels", must: [BYE_GEL], why: "short plural" },
  { q: "pompen", must: [LEZYNE_VLOERPOMP], why: "plural finds the compound" },
  { q: "handvat", must: [ERGON_HANDVATTEN], why: "singular finds the plural with doubled t" },
  { q: "vouwbanden", must: [CONTINENTAL_VOUWBAND], mustNot: [SCHWALBE_BINNENBAND], why: "compound plural" },
  // Compounds and the contains rule.
  { q: "band", must: [MTB_BAND], mustNot: BINNENBANDEN, why: "band finds binnenband, but the word itself first" },
  { q: "binnenband", must: [10282], mustNot: [MTB_BAND], why: "compound" },
  { q: "pomp", must: [LEZYNE_VLOERPOMP], why: "inside a compound" },
  // Case and accents.
  { q: "KETTING", must: [CAMPAGNOLO_CENTAUR_KETTING], mustNot: KETTINGOLIE, why: "case" },
  { q: "creme", must: [CHAMOIS_CREME], why: "no accent typed" },
  { q: "müller", must: [BUSCH_MULLER_ACHTERLICHT], why: "accent typed" },
  { q: "muller", must: [BUSCH_MULLER_ACHTERLICHT], why: "accent left out" },
  // Several words, any order.
  { q: "brooks zadel", must: [BROOKS_CAMBIUM_ZADEL], mustNot: [CONTINENTAL_BUITENBAND], why: "brand and word" },
  { q: "zadel brooks", must: [BROOKS_CAMBIUM_ZADEL], why: "any order" },
  { q: "zwart vouwband", must: [CONTINENTAL_VOUWBAND], why: "colour and word" },
  { q: "kettingen shimano", must: [SHIMANO_DEORE_KETTING], mustNot: [KETTINGPONS], why: "plural in two words" },
  { q: "campagnolo cassettes", must: [CAMPAGNOLO_CASSETTE], mustNot: [SHIMANO_CASSETTE], why: "brand and plural" },
  { q: "achterlicht usb", must: [BUSCH_MULLER_ACHTERLICHT], why: "word and piece of a word" },
  { q: "schwalbe binnenband", must: [SCHWALBE_BINNENBAND], mustNot: BINNENBANDEN, why: "brand narrows" },
  // Typos.
  { q: "casette", must: [CAMPAGNOLO_CASSETTE], why: "a letter missing" },
  { q: "schwlabe", must: [SCHWALBE_BINNENBAND], why: "a swap" },
  { q: "vouwbnad", must: [CONTINENTAL_VOUWBAND], why: "a swap at the end" },
  { q: "continetal", must: [CONTINENTAL_BUITENBAND], why: "a letter missing" },
  { q: "binnenbadn", must: [10282], why: "a swap in a long word" },
  { q: "zadle", must: [BROOKS_CAMBIUM_ZADEL], why: "a swap in a 5-letter word" },
  { q: "stuurlnt", must: [FIZIK_STUURLINT], why: "a letter missing" },
  {
    q: "kettingolei",
    must: [FINISH_LINE_KETTINGOLIE],
    mustNot: [CAMPAGNOLO_CENTAUR_KETTING],
    why: "a swap, not the shorter word",
  },
  { q: "shimano kettnig", must: [SHIMANO_DEORE_KETTING], mustNot: [KETTINGPONS], why: "one exact word, one corrected" },
  // Exact words outrank.
  {
    q: "kettingolie",
    must: [FINISH_LINE_KETTINGOLIE],
    mustNot: [CAMPAGNOLO_CENTAUR_KETTING],
    why: "the longer word exactly",
  },
  { q: "stuurlint", must: [FIZIK_STUURLINT], why: "whole word" },
];

/** The demo catalogue with one accented name (crème = creme), its search blocks summarised. */
export async function seedRelevanceCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await insertReferenceData(tx);
    await insertProducts(tx, DEMO_PRODUCT_COUNT);
  });
  await createProduct(db, { artNo: CHAMOIS_CREME, shortDescription: "Assos Chamois Crème 140 ml", brand: "Assos" });
  await refreshSearchBlocks(db);
}
