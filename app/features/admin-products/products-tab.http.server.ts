import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { errorText } from "~/shared/errors/error-text";
import { products } from "~/db/schema";
import { requireAdmin } from "~/features/accounts/index.server";
import { artNoOf } from "./art-no.server";
import { getAdminProduct, listCategoryChoices } from "./products-admin.server";
import { BULK_MAX, countBulkTarget, type BulkTarget } from "./bulk.server";
import type { BulkDialogView, BulkKind, ProductsTabData } from "./products-tab-data";
import { countProducts, listProducts, productFilterCondition } from "./list-products.server";
import { parseProductListFilters } from "./products-query";

/** The most ArtNos one selection may carry (a page holds 50; the URL and the 64 KiB body stay small). */
export const SELECTION_MAX = 200;

/** The selected ArtNos of a form or URL (`sel`, repeated), without doubles; null when there are too many. */
export function selectedArtNos(values: (FormDataEntryValue | string)[]): number[] | null {
  const artNos = [...new Set(values.map((value) => artNoOf(value)).filter((n): n is number => n != null))];
  return artNos.length > SELECTION_MAX ? null : artNos;
}

function bulkKindOf(value: string | null): BulkKind | null {
  return value === "price" || value === "status" || value === "category" ? value : null;
}

async function nameOf(context: AppLoadContext, artNo: number) {
  const [row] = await context.db
    .select({ artNo: products.artNo, shortDescription: products.shortDescription, brand: products.brand })
    .from(products)
    .where(eq(products.artNo, artNo))
    .limit(1);
  return row ?? null;
}

/**
 * Product Management (spec 1 §2.15, issue 29): the filters and search, the total, the table 50 a page
 * (keyset on ArtNo: ?after= / ?before=, ?page= only numbers the page) and the dialogs the URL opens:
 * ?edit=<artNo>, ?delete=<artNo>, ?inactive=<artNo> (the question before "Set inactive") and
 * ?bulk=price|status|category with ?scope=selection&sel=<artNo>… or ?scope=filter.
 */
export async function loadProductsTab(request: Request, context: AppLoadContext): Promise<ProductsTabData> {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = parseProductListFilters(params);
  const after = artNoOf(params.get("after"));
  const before = after == null ? artNoOf(params.get("before")) : null;
  const pageNumber = Math.max(1, Math.min(1_000_000, Number(params.get("page")) || 1));
  const editArtNo = artNoOf(params.get("edit"));
  const deleteArtNo = artNoOf(params.get("delete"));
  const inactiveArtNo = artNoOf(params.get("inactive"));
  const bulkKind = bulkKindOf(params.get("bulk"));
  const base = {
    filters,
    pageNumber: after == null && before == null ? 1 : pageNumber,
    editing: null,
    deleting: null,
    deactivating: null,
    bulk: null,
    categories: [],
  };
  try {
    const where = await productFilterCondition(context.db, filters);
    const [page, total, categories] = [
      await listProducts(context.db, where, { after, before }),
      await countProducts(context.db, where),
      await listCategoryChoices(context.db),
    ];
    const editing = editArtNo == null ? null : await getAdminProduct(context.db, editArtNo);
    const deleting = deleteArtNo == null ? null : await nameOf(context, deleteArtNo);
    const deactivating = inactiveArtNo == null ? null : await nameOf(context, inactiveArtNo);
    let bulk: BulkDialogView | null = null;
    if (bulkKind) {
      const scope = params.get("scope") === "filter" ? "filter" : "selection";
      const artNos = scope === "selection" ? selectedArtNos(params.getAll("sel")) : [];
      const target: BulkTarget | null =
        scope === "filter" ? { kind: "filter", filters } : artNos ? { kind: "selection", artNos } : null;
      const count =
        target && (target.kind === "filter" || target.artNos.length) ? await countBulkTarget(context.db, target) : 0;
      bulk = {
        kind: bulkKind,
        scope,
        artNos: artNos ?? [],
        count,
        problem:
          target == null
            ? `Select at most ${SELECTION_MAX} products, or choose all products matching the filter.`
            : count === 0
              ? scope === "selection"
                ? "Select one or more products first (tick their boxes), or choose all products matching the filter."
                : "No products match the filter."
              : count > BULK_MAX
                ? `The filter matches more than ${BULK_MAX.toLocaleString("en-GB")} products. A bulk change works on at most ${BULK_MAX.toLocaleString("en-GB")} at a time: narrow the filter.`
                : null,
      };
    }
    return {
      ...base,
      page,
      total,
      categories,
      editing,
      deleting,
      deactivating,
      bulk,
      loadError: null,
    };
  } catch (error) {
    context.logger.error({ err: error }, "admin product list failed");
    return { ...base, page: null, total: null, loadError: `Failed to load products: ${errorText(error)}` };
  }
}
