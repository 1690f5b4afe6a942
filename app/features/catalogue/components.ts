// The catalogue's components other features render: the product tile (the home page's featured
// products) and the category cards and empty state (the search's "no results").
export { CategoryCards, type CategoryCardData } from "./category-cards";
export { EmptyState } from "./empty-state";
export { ProductCard } from "./product-card";
