import type { StockTone } from "./stock";
import { stockStatus } from "./stock";

export type JsonLdProductInput = {
  artNo: number;
  name: string;
  brand: string;
  description: string;
  images: string[];
  priceCents: number;
  stockQuantity: number | null;
  url: string;
};

const AVAILABILITY: Record<StockTone, string> = {
  in: "https://schema.org/InStock",
  limited: "https://schema.org/LimitedAvailability",
  low: "https://schema.org/LimitedAvailability",
  // Unknown stock cannot be ordered (spec 1 §4), so it is not offered as available.
  unknown: "https://schema.org/OutOfStock",
  out: "https://schema.org/OutOfStock",
};

/** An absolute URL for an image path, so search engines can fetch it from the structured data. */
export function absoluteUrl(src: string, origin: string): string {
  return /^https?:\/\//i.test(src) ? src : `${origin}${src.startsWith("/") ? "" : "/"}${src}`;
}

/** schema.org Product data for a product page (rich results). */
export function productJsonLd(p: JsonLdProductInput, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    sku: String(p.artNo),
    brand: { "@type": "Brand", name: p.brand },
    ...(p.description ? { description: p.description } : {}),
    image: p.images.map((src) => absoluteUrl(src, origin)),
    url: p.url,
    offers: {
      "@type": "Offer",
      url: p.url,
      price: (p.priceCents / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: AVAILABILITY[stockStatus(p.stockQuantity).tone],
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. `<` is escaped so a product text
 * containing "</script>" cannot end the element; `>`, `&` and the JS line separators go too.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
