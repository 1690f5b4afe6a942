/**
 * Deterministic product generator. Product i is derived only from (seed, i), so the first 640
 * products of a 100 000-product benchmark catalogue are exactly the demo products, and two runs
 * (or two machines) always produce the same rows.
 */
import type { NutritionRow } from "~/db/schema";
import { parsePriceText } from "~/shared/money/money";
import { CATEGORY_IDS } from "~/features/catalogue";
import { CATEGORY_SEEDS, rootOf } from "./categories";
import { LEAF_SEEDS, type LeafSeed, type NutritionProfile, type ProductTemplate } from "./catalogue-data";
import { createRng, hashString, type Rng } from "./prng";

export const DEMO_SEED = 20_260_101;
export const DEMO_PRODUCT_COUNT = 640;
export const FIRST_ART_NO = 10_001;
/** A URL that deliberately 404s, so the shop's broken-image fallback can be seen. */
export const BROKEN_IMAGE_URL = "/media/product/missing.svg";

export type GeneratedProduct = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  /** Raw supplier HTML, may hold scripts; the seeder stores it through the sanitiser. */
  longDescriptionHtml: string | null;
  consumerPriceText: string;
  discountedPriceText: string | null;
  consumerPriceCents: number;
  discountedPriceCents: number | null;
  categoryId: number;
  status: number;
  images: string[];
  articleKeyword: string;
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string;
  vatRate: number;
  ingredients: string | null;
  allergens: string | null;
  nutrition: NutritionRow[] | null;
  /** null = no stock row at all (stock unknown). */
  stockQuantity: number | null;
  tags: string[];
  createdAt: Date;
};

const CREATED_BASE = Date.UTC(2026, 5, 1, 8, 0, 0);

/** Dutch supplier-style price text: 1249 → "1.249,00", 12.95 → "12,95". */
export function formatSupplierPrice(euros: number): string {
  const cents = Math.round(euros * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${whole},${String(cents % 100).padStart(2, "0")}`;
}

/** A shop-like price inside [min, max]: skewed towards the cheap end, ending in ,95 / ,99 / ,50 / ,00. */
function shopPrice(rng: Rng, [min, max]: readonly [number, number]): number {
  const raw = min * Math.pow(max / min, Math.pow(rng.next(), 1.4));
  const ending = rng.weighted([
    [0.95, 6],
    [0.99, 2],
    [0.5, 1],
    [0, 1],
  ] as const);
  const whole = Math.floor(raw);
  const price = raw < 5 ? Math.round(raw * 20) / 20 : whole + ending;
  return Math.min(max, Math.max(min, Number(price.toFixed(2))));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function pickLeaf(rng: Rng): LeafSeed {
  return rng.weighted(LEAF_SEEDS.map((leaf) => [leaf, leaf.weight] as const));
}

function maybe<T>(rng: Rng, items: readonly T[] | undefined, pNull: number): T | null {
  if (!items || items.length === 0) return null;
  return rng.chance(pNull) ? null : rng.pick(items);
}

const decimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(".", ",").replace(/,0$/, "");

function nutritionTable(rng: Rng, profile: NutritionProfile): NutritionRow[] {
  const vary = (n: number) => n * (0.9 + rng.next() * 0.2);
  const kcal = Math.round(vary(profile.kcal));
  const factor = profile.serving / 100;
  const grams = (label: string, value: number): NutritionRow => {
    const v = vary(value);
    return { label, per100: `${decimal(v)} g`, perServing: `${decimal(v * factor)} g` };
  };
  return [
    {
      label: "Energie",
      per100: `${Math.round(kcal * 4.184)} kJ / ${kcal} kcal`,
      perServing: `${Math.round(kcal * 4.184 * factor)} kJ / ${Math.round(kcal * factor)} kcal`,
    },
    grams("Vetten", profile.fat),
    grams("waarvan verzadigde vetzuren", profile.saturated),
    grams("Koolhydraten", profile.carbs),
    grams("waarvan suikers", profile.sugars),
    grams("Eiwitten", profile.protein),
    grams("Zout", profile.salt),
  ];
}

function longDescription(
  rng: Rng,
  template: ProductTemplate,
  fields: {
    name: string;
    brand: string;
    colour: string | null;
    material: string | null;
    size: string | null;
    categoryName: string;
  },
): string {
  const intro = rng.pick([
    `De ${fields.name} is een betrouwbare keuze voor wie elke rit zonder zorgen wil beginnen.`,
    `Met de ${fields.name} haal je kwaliteit van ${fields.brand} in huis, gemaakt voor dagelijks gebruik én voor de lange tochten.`,
    `${fields.brand} staat bekend om doordachte producten, en de ${fields.name} is daar een mooi voorbeeld van.`,
  ]);
  const specs: [string, string][] = [
    ["Merk", fields.brand],
    ["Categorie", fields.categoryName],
    ["Type", template.type],
  ];
  if (fields.size) specs.push(["Maat", fields.size]);
  if (fields.colour) specs.push(["Kleur", fields.colour]);
  if (fields.material) specs.push(["Materiaal", fields.material]);
  const features = rng.sample(template.features, rng.int(3, template.features.length));
  const parts = [
    `<p>${escapeHtml(intro)}</p>`,
    "<h3>Kenmerken</h3>",
    `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>`,
  ];
  if (template.nutrition) {
    parts.push(
      "<h3>Gebruik</h3>",
      `<p>${escapeHtml(rng.pick(["Neem tijdens inspanning elke 30 tot 45 minuten één portie met wat water.", "Gebruik één portie voor, tijdens of direct na de training, afhankelijk van je doel.", "Test sportvoeding altijd eerst op een training voordat je het in een wedstrijd gebruikt."]))}</p>`,
    );
  }
  parts.push(
    "<h3>Specificaties</h3>",
    `<table><tbody>${specs.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</tbody></table>`,
  );
  return parts.join("\n");
}

/**
 * Product number `index` (0-based) built from `seed`; `attempt` draws another product for the same
 * number (generateProducts does that when the name is already taken).
 */
export function generateProduct(index: number, seed: number = DEMO_SEED, attempt = 0): GeneratedProduct {
  const rng = createRng(hashString(attempt === 0 ? `${seed}:${index}` : `${seed}:${index}:${attempt}`));
  const artNo = FIRST_ART_NO + index;
  const leaf = pickLeaf(rng);
  const template = rng.pick(leaf.templates);
  const brand = rng.pick(Object.keys(template.models));
  const model = rng.pick(template.models[brand]!);
  const size = maybe(rng, template.sizes, 0.08);
  const colour = maybe(rng, template.colours, 0.1);
  const material = maybe(rng, template.materials, 0.1);
  const name = template.name({ brand, model, size, colour, material }, rng);
  const isNutrition = rootOf(leaf.categoryId) === CATEGORY_IDS.sportsNutrition;
  const categoryName = CATEGORY_SEEDS.find((c) => c.id === leaf.categoryId)?.name ?? "";

  // Prices arrive as supplier text and are parsed exactly as an import would.
  const consumer = shopPrice(rng, template.price);
  const consumerPriceText = formatSupplierPrice(consumer);
  const offerRoll = rng.next();
  let discountedPriceText: string | null = null;
  if (offerRoll < 0.15) {
    const factor = 0.55 + rng.next() * 0.35;
    let discounted = Math.floor(consumer * factor) + 0.95;
    if (discounted >= consumer) discounted = Math.max(0.5, Math.round(consumer * factor * 100) / 100);
    discountedPriceText = formatSupplierPrice(discounted);
  } else if (offerRoll < 0.17) {
    discountedPriceText = "0"; // supplier's "no offer"
  } else if (offerRoll < 0.19) {
    // Not a real discount: equal to or above the consumer price, so NOT an offer.
    discountedPriceText = formatSupplierPrice(rng.chance(0.5) ? consumer : consumer + 2);
  }

  // Stock: most products plenty, but every label of spec 1 §4 occurs.
  const stockQuantity = rng.weighted<number | null>([
    [null, 5],
    [rng.chance(0.2) ? -1 : 0, 7],
    [rng.int(1, 4), 8],
    [rng.int(5, 9), 10],
    [rng.int(10, 250), 70],
  ]);

  const imageRoll = rng.next();
  let images: string[];
  if (imageRoll < 0.03) images = [];
  else if (imageRoll < 0.04) images = [BROKEN_IMAGE_URL];
  else images = Array.from({ length: rng.int(1, 3) }, (_, n) => `/media/product/${artNo}-${n + 1}.svg`);

  const descriptionRoll = rng.next();
  let longDescriptionHtml: string | null = longDescription(rng, template, {
    name,
    brand,
    colour,
    material,
    size,
    categoryName,
  });
  if (descriptionRoll < 0.03) longDescriptionHtml = null;
  else if (descriptionRoll < 0.05) longDescriptionHtml = "";
  else if (descriptionRoll < 0.08) {
    // Supplier HTML sometimes carries scripts and handlers; the sanitiser must remove them.
    longDescriptionHtml = `<p onclick="alert('klik')">Nu extra voordelig!</p>\n${longDescriptionHtml}\n<script>document.location='https://example.invalid/'</script>`;
  }

  const tagCount = rng.int(isNutrition ? 1 : 0, isNutrition ? 3 : 2);
  const tags = rng.sample(template.tags, tagCount);
  if (isNutrition && /caf/i.test(model) && !tags.includes("Cafeïne")) tags.push("Cafeïne");

  const product: GeneratedProduct = {
    artNo,
    brand,
    shortDescription: name,
    longDescriptionHtml,
    consumerPriceText,
    discountedPriceText,
    consumerPriceCents: parsePriceText(consumerPriceText),
    discountedPriceCents: discountedPriceText == null ? null : parsePriceText(discountedPriceText),
    categoryId: leaf.categoryId,
    status: 1,
    images,
    articleKeyword: template.keyword,
    colour,
    material,
    size,
    type: template.type,
    vatRate: isNutrition ? 9 : 21,
    ingredients: null,
    allergens: null,
    nutrition: null,
    stockQuantity,
    tags,
    createdAt: new Date(CREATED_BASE - index * 10 * 60_000),
  };

  if (template.nutrition && rng.chance(0.85)) {
    product.ingredients = template.nutrition.ingredients;
    product.allergens = template.nutrition.allergens;
    product.nutrition = nutritionTable(rng, template.nutrition.profile);
  }

  // About 2% are not sellable: inactive, or missing brand, price or short description.
  const unlistedRoll = rng.next();
  if (unlistedRoll < 0.02) {
    const reason = rng.int(0, 3);
    if (reason === 0) product.status = 0;
    else if (reason === 1) product.brand = null;
    else if (reason === 2) {
      product.consumerPriceText = "";
      product.consumerPriceCents = 0;
    } else product.shortDescription = null;
  }
  return product;
}

/**
 * Draws of another product for a number whose name is taken, before a series number is added. Only
 * while names are still free: past the first few thousand products (benchmark catalogues) nearly
 * every name is taken and drawing again would only slow the seed down.
 */
const REDRAWS = 4;
const REDRAW_UNTIL = 5_000;

/**
 * The catalogue in order, lazily, so 100 000 products never sit in memory at once (only their
 * names). Every product has its own name, as in a real shop: a name that is taken is drawn again,
 * and when the names run out (large benchmark catalogues) it gets a series number. Product i
 * depends only on the products before it, so a larger catalogue starts with the smaller one.
 */
export function* generateProducts(count: number, seed: number = DEMO_SEED): Generator<GeneratedProduct> {
  const taken = new Map<string, number>();
  const keyOf = (p: GeneratedProduct) => `${p.brand ?? ""}\u0000${p.shortDescription ?? ""}`.toLowerCase();
  for (let i = 0; i < count; i++) {
    let product = generateProduct(i, seed);
    const redraws = i < REDRAW_UNTIL ? REDRAWS : 0;
    for (let attempt = 1; attempt <= redraws && taken.has(keyOf(product)); attempt++) {
      product = generateProduct(i, seed, attempt);
    }
    const key = keyOf(product);
    const uses = taken.get(key) ?? 0;
    taken.set(key, uses + 1);
    if (uses > 0 && product.shortDescription) {
      product.shortDescription = `${product.shortDescription} (serie ${uses + 1})`;
      taken.set(keyOf(product), 1);
    }
    yield product;
  }
}
