import { existsSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

/**
 * ADR 0006: every shop page loads the root and shop layout routes, their static imports and
 * React + React Router. Left to itself rolldown splits those into ~15 small files; one "shell"
 * chunk saves the per-file import and gzip overhead (product page −4 KB gzip, other pages alike).
 * The layout routes' own code is part of it as well. Modules only some routes use, and anything
 * loaded lazily, keep their own chunks.
 */
const LAYOUT_ROUTES = [path.resolve("app/root.tsx"), path.resolve("app/features/shop-layout/shop.route.tsx")];
/** The meta helper every route uses, and the Button most pages (the product page too) use. */
const ALWAYS = new Set([path.resolve("app/shared/page/seo.ts"), path.resolve("app/shared/ui/button.tsx")]);
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * Small modules that product tiles and the product page all use (price, offer, badge, stock label,
 * add to cart):
 * one shared file instead of four tiny ones, each with its own gzip and import overhead.
 */
const CATALOGUE_COMMON = new Set(
  [
    "app/shared/money/money.ts",
    "app/features/catalogue/offer.ts",
    "app/features/catalogue/stock.ts",
    "app/shared/ui/badge.tsx",
    "app/features/catalogue/stock-indicator.tsx",
    "app/features/cart-checkout/add-to-cart.ts",
  ].map((file) => path.resolve(file)),
);
// A file named above that moved (issue 32 moves areas into app/features) would silently leave its
// chunk and grow every page's JavaScript: the build stops instead.
for (const file of [...LAYOUT_ROUTES, ...ALWAYS, ...CATALOGUE_COMMON]) {
  if (!existsSync(file)) throw new Error(`vite.config.ts names ${file}, which does not exist: update the chunk lists.`);
}
let layoutImports: Set<string> | undefined;

function inShell(id: string, graph: ModuleGraph): boolean {
  if (!layoutImports) {
    const found = new Set<string>();
    const queue = [...LAYOUT_ROUTES];
    while (queue.length) {
      const next = queue.shift()!;
      const info = found.has(next) ? null : graph.getModuleInfo(next);
      if (!info) continue;
      found.add(next);
      queue.push(...info.importedIds);
    }
    layoutImports = found;
  }
  // The layout route modules join the shell too: React Router still loads each by name, from a
  // one-line facade chunk that re-exports it from the shell (root and _shop: −1 KB gzip per page).
  return FRAMEWORK.test(id) || ALWAYS.has(id) || layoutImports.has(id);
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // ANALYZE=1 writes source maps, to see which modules make up a chunk (see bench/README.md).
    sourcemap: process.env.ANALYZE === "1",
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: (id: string, graph: ModuleGraph) => (inShell(id, graph) ? "shell" : null) },
                { name: (id: string) => (CATALOGUE_COMMON.has(id) ? "catalogue-common" : null) },
              ],
            },
          },
        },
  },
}));
