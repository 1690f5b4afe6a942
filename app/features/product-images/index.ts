// Client-safe public entry: image upload in the product edit dialog (issue 29 item 2).
export { ProductImageUpload } from "./image-upload";
export { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_UPLOAD_PREFIX, productImageUploadPath } from "./upload-answer";
