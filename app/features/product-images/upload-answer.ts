/** The largest product image an admin may upload (as the carousel: app/features/carousel/uploads.server.ts). */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

/** Where the upload goes: its own path, so only it gets the larger body limit (server/body-limit.ts). */
export const PRODUCT_IMAGE_UPLOAD_PREFIX = "/admin/product-images";
export const productImageUploadPath = (artNo: number) => `${PRODUCT_IMAGE_UPLOAD_PREFIX}/${artNo}`;
