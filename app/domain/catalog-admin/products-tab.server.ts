import type { AppLoadContext } from "react-router";
import { errorText } from "~/components/admin/error-text";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { textParam } from "~/lib/text-input";
import { parseSearch } from "./product-input";
import { getAdminProduct, listCategoryChoices, searchAdminProducts } from "./products-admin.server";

/** An ArtNo from the URL or a form: a positive integer within PostgreSQL's integer, else null. */
export function artNoOf(value: FormDataEntryValue | string | null | undefined): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The Product Management tab (spec 1 §2.15), also served at /admin/product-management and /admin:
 * search, the table 50 a page (keyset paging on ArtNo: ?after= / ?before=, ?page= only numbers the
 * page), and the dialogs opened by the URL (?edit=<artNo>, ?delete=<artNo>).
 */
export async function loadProductsTab(request: Request, context: AppLoadContext) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = parseSearch(textParam(url.searchParams.get("q")));
  const after = artNoOf(url.searchParams.get("after"));
  const before = after == null ? artNoOf(url.searchParams.get("before")) : null;
  const pageNumber = Math.max(1, Math.min(1_000_000, Number(url.searchParams.get("page")) || 1));
  const editArtNo = artNoOf(url.searchParams.get("edit"));
  const deleteArtNo = artNoOf(url.searchParams.get("delete"));
  try {
    const page = await searchAdminProducts(context.db, { search, after, before });
    const editing = editArtNo == null ? null : await getAdminProduct(context.db, editArtNo);
    const deleting =
      deleteArtNo == null
        ? null
        : (page.rows.find((row) => row.artNo === deleteArtNo) ?? (await getAdminProduct(context.db, deleteArtNo)));
    const categories = editing ? await listCategoryChoices(context.db) : [];
    return {
      search,
      page,
      pageNumber: after == null && before == null ? 1 : pageNumber,
      editing,
      deleting: deleting ? { artNo: deleting.artNo, shortDescription: deleting.shortDescription } : null,
      categories,
      loadError: null,
    };
  } catch (error) {
    context.logger.error({ err: error }, "admin product list failed");
    return {
      search,
      page: null,
      pageNumber,
      editing: null,
      deleting: null,
      categories: [],
      loadError: `Failed to load products: ${errorText(error)}`,
    };
  }
}
