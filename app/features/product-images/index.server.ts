// Server services: product images uploaded by an admin, through the image pipeline.
export { productExists, storeProductImage } from "./product-images.server";
