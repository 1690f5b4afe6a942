/**
 * Tags on the product page for admins (spec 1 §2.9, issue 29 item 3, ADR 0037). The editor is loaded
 * only when an admin views the page (ProductTagEditor through serverRenderedLazy), so shoppers never
 * download it; the action is the product route's (app/features/catalogue/product.route.tsx).
 */
export type { ProductTagResult } from "./product-tag-result";
