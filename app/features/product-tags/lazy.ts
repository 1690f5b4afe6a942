// The admin's tag editor, loaded on demand (import("~/features/product-tags/lazy")): kept out of
// index.ts so that importing the feature's entry never pulls the editor into a shopper's bundle.
export { ProductTagEditor } from "./product-tag-editor";
