import { redirect } from "react-router";

// /smering is a carousel link target (spec 1 §2.1) with no screen of its own: it is category 18.
export function loader() {
  return redirect("/products?cat=18", 302);
}
