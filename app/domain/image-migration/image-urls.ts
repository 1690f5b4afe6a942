import { STORED_IMAGE_FILE_PATTERN } from "./stored-image-name";

/** An image on somebody else's server: an absolute http(s) URL (the migration's work). */
export function isExternalImageUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

export type ImageUrlClass =
  | { kind: "external" }
  | { kind: "stored"; key: string }
  | { kind: "generated"; artNo: number }
  | { kind: "local" }
  | { kind: "broken" };

const GENERATED = /^\/media\/product\/(\d{1,9})-[1-9]\.svg$/;

/** How the statistics count an image URL (the shop's own generated and stored images are checked). */
export function classifyImageUrl(url: string): ImageUrlClass {
  const value = url.trim();
  if (isExternalImageUrl(value)) return { kind: "external" };
  if (!value.startsWith("/") || value.startsWith("//")) return { kind: "broken" };
  if (value.startsWith("/media/images/")) {
    const key = value.slice("/media/images/".length);
    return STORED_IMAGE_FILE_PATTERN.test(key) ? { kind: "stored", key } : { kind: "broken" };
  }
  if (value.startsWith("/media/product/")) {
    const match = GENERATED.exec(value);
    return match ? { kind: "generated", artNo: Number(match[1]) } : { kind: "broken" };
  }
  return { kind: "local" };
}
