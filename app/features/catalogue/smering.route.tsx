import { redirect } from "react-router";
import { CATEGORY_IDS } from "./category-ids";

// /smering is a carousel link target (spec 1 §2.1) with no screen of its own: it is the Smering category.
export function loader() {
  return redirect(`/products?cat=${CATEGORY_IDS.lubrication}`, 302);
}
