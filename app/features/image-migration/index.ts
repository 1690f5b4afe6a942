// Client-safe public entry of the image pipeline: a product tile's sources for a stored image.
export { cardImageSources, STORED_IMAGE_FILE_PATTERN } from "./stored-image-name";
