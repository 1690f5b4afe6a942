// The header's search box, which the shop layout imports: everything the layout imports statically
// joins the shell chunk every page loads (vite.config.ts), so this entry carries nothing else (the
// suggestions load on demand, from the box itself).
export { SearchBox } from "./search-box";
