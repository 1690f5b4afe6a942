import { redirect } from "react-router";

// /reiniging is a carousel link target (spec 1 §2.1) with no screen of its own: it is category 17.
export function loader() {
  return redirect("/products?cat=17", 302);
}
