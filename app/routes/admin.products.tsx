import { data } from "react-router";
import type { Route } from "./+types/admin.products";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { errorText } from "~/components/admin/error-text";
import { ProductsPanel } from "~/components/admin/products-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { parseProductEdit, parseTag } from "~/domain/catalog-admin/product-input";
import { artNoOf, loadProductsTab } from "~/domain/catalog-admin/products-tab.server";
import {
  addProductTag,
  deleteProduct,
  removeProductTag,
  setProductInactive,
  updateProduct,
  type ProductWriteResult,
} from "~/domain/catalog-admin/products-admin.server";
import { readForm } from "~/lib/form.server";

export function meta() {
  return [{ title: "Product Management | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductsTab(request, context);
}

const INTENTS = ["update", "delete", "set-inactive", "tag-add", "tag-remove"] as const;
type Intent = (typeof INTENTS)[number];

/** The toasts of spec 2 §8 (Catalogue admin) per intent. */
const TOASTS: Record<Intent, { ok: string; failed: string }> = {
  update: { ok: "Product updated successfully", failed: "Failed to update product" },
  delete: { ok: "Product deleted successfully", failed: "Failed to delete product" },
  "set-inactive": { ok: "Product set as inactive", failed: "Failed to set product as inactive" },
  "tag-add": { ok: "Tag toegevoegd", failed: "Fout" },
  "tag-remove": { ok: "Tag verwijderd", failed: "Fout" },
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) {
    return data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    );
  }
  const toasts = TOASTS[intent as Intent];
  const fail = (description: string, status: number) =>
    data<AdminActionResult>({ ok: false, intent, title: toasts.failed, description }, { status });
  const artNo = artNoOf(form.get("artNo"));
  if (artNo == null) return fail(intent.startsWith("tag") ? "Product niet gevonden." : "Product not found", 404);
  const actor = { id: viewer.id, email: viewer.email };
  const read = (field: string) => {
    const value = form.get(field);
    return typeof value === "string" ? value : null;
  };

  let result: ProductWriteResult;
  try {
    if (intent === "update") {
      const parsed = parseProductEdit(read);
      if (!parsed.ok) return fail(parsed.message, 400);
      result = await updateProduct(context.db, actor, artNo, parsed.edit);
    } else if (intent === "delete") {
      result = await deleteProduct(context.db, actor, artNo);
    } else if (intent === "set-inactive") {
      result = await setProductInactive(context.db, actor, artNo);
    } else {
      const tag = parseTag(read("tag"));
      if (!tag.ok) return fail(tag.message, 400);
      result =
        intent === "tag-add"
          ? await addProductTag(context.db, actor, artNo, tag.tag)
          : await removeProductTag(context.db, actor, artNo, tag.tag);
    }
  } catch (error) {
    context.logger.error({ err: error, intent, artNo }, "admin product change failed");
    return fail(errorText(error), 500);
  }
  if (!result.ok) {
    const message =
      result.reason === "not-found" && intent.startsWith("tag") && result.message === "Product not found"
        ? "Product niet gevonden."
        : result.message;
    return fail(message, result.reason === "not-found" ? 404 : 400);
  }
  context.logger.info({ artNo, intent, by: viewer.id }, "admin changed product");
  return data<AdminActionResult>({ ok: true, intent, title: toasts.ok });
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductsPanel {...loaderData} result={actionData} />;
}
