import { Link } from "react-router";
import type { Route } from "./+types/categories.route";
import { rootOrigin } from "~/shared/page/root-data";
import { getCategoryTree, type CategoryTreeNode } from "./categories.server";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Productcategorieën",
    description: "Overzicht van alle productcategorieën met hun id en aantal producten.",
    origin: rootOrigin(matches),
    path: "/ProductCategories",
    // A debug view: useful to people, not to search engines.
    noindex: true,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { tree: await getCategoryTree(context.db) };
}

/** "Plain debug category tree" (spec 1 §2.1): every category, nested, with id and product count. */
export default function ProductCategories({ loaderData }: Route.ComponentProps) {
  const { tree } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold">Productcategorieën</h1>
      <p className="mt-2 text-sm text-muted">
        Alle categorieën met hun id en het aantal zichtbare producten (inclusief subcategorieën).
      </p>
      {tree.length === 0 ? (
        <p className="mt-6">Er zijn nog geen categorieën.</p>
      ) : (
        <CategoryList nodes={tree} className="mt-6 font-mono text-sm" />
      )}
    </div>
  );
}

function CategoryList({ nodes, className }: { nodes: CategoryTreeNode[]; className?: string }) {
  return (
    <ul className={className ?? "mt-1 ml-5 border-l border-line pl-3"}>
      {nodes.map((node) => (
        <li key={node.id} className="py-0.5">
          <Link to={`/products?cat=${node.id}`} className="text-brand-700 hover:underline">
            {node.name}
          </Link>{" "}
          <span className="text-muted">
            (id {node.id}, {node.productCount} {node.productCount === 1 ? "product" : "producten"})
          </span>
          {node.children.length > 0 ? <CategoryList nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
