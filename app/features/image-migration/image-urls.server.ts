import { TEST_SUPPLIER_IMAGE_PATH } from "~/features/fulfilment/index.server";
import { STORED_IMAGE_FILE_PATTERN } from "./stored-image-name";

/**
 * An image on somebody else's server (the migration's work): an absolute http(s) URL, or a photo on
 * the built-in test supplier (the demo's /api/test-supplier/images/…, stored without an origin).
 */
export function isExternalImageUrl(url: string): boolean {
  const value = url.trim();
  return /^https?:\/\//i.test(value) || value.startsWith(TEST_SUPPLIER_IMAGE_PATH);
}

/** The SQL twin of isExternalImageUrl: a POSIX regular expression (the path has no special characters). */
export const EXTERNAL_IMAGE_SQL_PATTERN = `^(https?://|${TEST_SUPPLIER_IMAGE_PATH})`;

/**
 * Where an image is downloaded from: an absolute URL as it is; a path on the shop's own test
 * supplier against the shop's address now (PUBLIC_URL), not the address of the start that seeded it.
 */
export function imageDownloadUrl(url: string, publicUrl: string): string {
  const value = url.trim();
  return value.startsWith("/") ? new URL(value, `${publicUrl.replace(/\/$/, "")}/`).toString() : value;
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
