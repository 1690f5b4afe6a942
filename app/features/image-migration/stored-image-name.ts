/** The file names of stored product images: <artNo>-<16 hex of the original's sha256>-<width>.webp. */
export const STORED_IMAGE_FILE_PATTERN = /^\d{1,9}-[0-9a-f]{16}-\d{2,4}\.webp$/;

const STORED_MAIN = /^(\/media\/images\/\d{1,9}-[0-9a-f]{16})-800\.webp$/;

/**
 * For a product card (shown about 300 px wide): a migrated image's 400 px file, with the 800 px one
 * for sharp screens; any other URL as it is.
 */
export function cardImageSources(url: string): { src: string; srcSet?: string } {
  const match = STORED_MAIN.exec(url);
  if (!match) return { src: url };
  return { src: `${match[1]}-400.webp`, srcSet: `${match[1]}-400.webp 1x, ${url} 2x` };
}
