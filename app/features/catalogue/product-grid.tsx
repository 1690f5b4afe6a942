import type { ProductSummary } from "./product-summary";
import { ProductCard } from "./product-card";

export function ProductGrid({ products, headingLevel = 2 }: { products: ProductSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Producten">
      {products.map((product) => (
        <li key={product.artNo} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <ProductCard product={product} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
