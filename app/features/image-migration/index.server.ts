// Server services of the image pipeline: converting to WebP, where stored images live, and the
// migration of the supplier's image URLs into the shop's own store (its queue is registered with the workers).
export {
  convertToWebp,
  MAIN_WIDTH,
  MAX_PIXELS,
  NotAnImageError,
  STORED_IMAGE_FILE,
  storedImageKey,
  storedImageUrl,
} from "./convert.server";
export { IMAGE_MIGRATION_QUEUE, imageMigrationQueue } from "./migration.server";
