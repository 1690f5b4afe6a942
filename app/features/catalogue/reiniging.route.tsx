import { redirect } from "react-router";
import { CATEGORY_IDS } from "./category-ids";

// /reiniging is a carousel link target (spec 1 §2.1) with no screen of its own: it is the Reiniging category.
export function loader() {
  return redirect(`/products?cat=${CATEGORY_IDS.cleaning}`, 302);
}
