/** The file names of stored product images: <artNo>-<16 hex of the original's sha256>-<width>.webp. */
export const STORED_IMAGE_FILE_PATTERN = /^\d{1,9}-[0-9a-f]{16}-\d{2,4}\.webp$/;
