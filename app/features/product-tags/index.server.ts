/** Tags on the product page for admins: the server side, for the product route's action. */
export { changeProductTag, isTagIntent, TAG_INTENTS, type TagIntent } from "./product-tags.server";
