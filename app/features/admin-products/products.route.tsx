import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/products.route";
import { errorText } from "~/shared/errors/error-text";
import { adminGuard } from "~/features/accounts/index.server";
import { parseProductEdit, parseTag } from "./product-input";
import { artNoOf } from "./art-no.server";
import {
  addProductTag,
  removeProductTag,
  setProductInactive,
  updateProduct,
  type ProductWriteResult,
} from "./products-admin.server";
import { ProductsPanel, parseProductListFilters, type ProductActionResult } from "~/features/admin-products";
import {
  deleteProduct,
  loadProductsTab,
  parsePriceChange,
  restoreProduct,
  runBulkAction,
  selectedArtNos,
  setProductActive,
  SELECTION_MAX,
  type BulkAction,
  type BulkTarget,
} from "~/features/admin-products/index.server";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "Product Management | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductsTab(request, context);
}

/** The toasts of spec 2 §8 (Catalogue admin) per intent; the newer intents' in the same words. */
const TOASTS = {
  update: { ok: "Product updated successfully", failed: "Failed to update product" },
  delete: { ok: "Product deleted successfully", failed: "Failed to delete product" },
  "set-inactive": { ok: "Product set as inactive", failed: "Failed to set product as inactive" },
  "set-active": { ok: "Product set as active", failed: "Failed to set product as active" },
  restore: { ok: "Product restored", failed: "Failed to restore product" },
  "tag-add": { ok: "Tag toegevoegd", failed: "Fout" },
  "tag-remove": { ok: "Tag verwijderd", failed: "Fout" },
  "bulk-price": { ok: "Prices changed", failed: "Failed to change prices" },
  "bulk-status": { ok: "Status changed", failed: "Failed to change status" },
  "bulk-category": { ok: "Products moved", failed: "Failed to move products" },
} satisfies Record<string, Toasts>;
type Toasts = { ok: string; failed: string };

const plural = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "product" : "products"}`;

type Ctx = {
  intent: string;
  toasts: Toasts;
  form: FormData;
  viewer: { id: string };
  actor: { id: string; email: string };
  context: AppLoadContext;
};

const fail = ({ intent, toasts }: Pick<Ctx, "intent" | "toasts">, description: string, status: number) =>
  data<ProductActionResult>({ ok: false, intent, title: toasts.failed, description }, { status });

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};

/** The product the form names by ArtNo; the tag forms say "Product not found." as the product page does. */
function productArtNo(ctx: Ctx, notFound = "Product not found") {
  const artNo = artNoOf(ctx.form.get("artNo"));
  return artNo == null ? refuse(fail(ctx, notFound, 404)) : artNo;
}

/** The service's answer as the toast the panel shows, with the undo it offers. */
function productAnswer(ctx: Ctx, artNo: number, result: ProductWriteResult, undo?: ProductActionResult["undo"]) {
  if (!result.ok) {
    const message =
      result.reason === "not-found" && ctx.intent.startsWith("tag") && result.message === "Product not found"
        ? "Product not found."
        : result.message;
    return fail(ctx, message, result.reason === "not-found" ? 404 : 400);
  }
  ctx.context.logger.info({ artNo, intent: ctx.intent, by: ctx.viewer.id }, "admin changed product");
  return data<ProductActionResult>({ ok: true, intent: ctx.intent, title: ctx.toasts.ok, ...(undo ? { undo } : {}) });
}

/** The products a bulk action is for: the selection, or every product matching the list's filter. */
function bulkTarget(ctx: Ctx): BulkTarget | Refusal<ReturnType<typeof fail>> {
  if (field(ctx.form, "scope") === "filter") {
    const params = new URLSearchParams();
    for (const name of ["q", "cat", "status", "offer", "stock"]) {
      const value = field(ctx.form, name);
      if (value != null) params.set(name, value);
    }
    return { kind: "filter", filters: parseProductListFilters(params) };
  }
  const artNos = selectedArtNos(ctx.form.getAll("sel"));
  if (artNos == null) {
    return refuse(
      fail(ctx, `Select at most ${SELECTION_MAX} products, or choose all products matching the filter.`, 400),
    );
  }
  return { kind: "selection", artNos };
}

/** A bulk intent's parse: its target first, then its own fields. */
const bulkParse =
  (own: (ctx: Ctx) => BulkAction | Refusal<ReturnType<typeof fail>>) =>
  (ctx: Ctx): { target: BulkTarget; bulk: BulkAction } | Refusal<ReturnType<typeof fail>> => {
    const target = bulkTarget(ctx);
    if (target instanceof Refusal) return target;
    const bulk = own(ctx);
    return bulk instanceof Refusal ? bulk : { target, bulk };
  };

async function runBulk({ target, bulk }: { target: BulkTarget; bulk: BulkAction }, ctx: Ctx) {
  const outcome = await runBulkAction(ctx.context.db, ctx.actor, target, bulk);
  if (!outcome.ok) return fail(ctx, outcome.message, 400);
  ctx.context.logger.info(
    { intent: ctx.intent, changed: outcome.changed, changeId: outcome.changeId, by: ctx.actor.id },
    "admin bulk product change",
  );
  const parts = [
    bulk.kind === "category" ? `${plural(outcome.changed)} moved.` : `${plural(outcome.changed)} changed.`,
    outcome.unchanged ? `${plural(outcome.unchanged)} already so.` : "",
    outcome.skipped.length
      ? `${plural(outcome.skipped.length)} left alone: ${outcome.skipped
          .slice(0, 3)
          .map((s) => `${s.artNo} ${s.reason}`)
          .join("; ")}${outcome.skipped.length > 3 ? "; …" : ""}.`
      : "",
  ];
  const title =
    bulk.kind === "status"
      ? bulk.status === 1
        ? "Products set as active"
        : "Products set as inactive"
      : ctx.toasts.ok;
  return data<ProductActionResult>({
    ok: true,
    intent: ctx.intent,
    title,
    description: parts.filter(Boolean).join(" "),
  });
}

/** A tag intent's parse: the product, then the tag. */
function tagInput(ctx: Ctx) {
  const artNo = productArtNo(ctx, "Product not found.");
  if (artNo instanceof Refusal) return artNo;
  const tag = parseTag(field(ctx.form, "tag"));
  return tag.ok ? { artNo, tag: tag.tag } : refuse(fail(ctx, tag.message, 400));
}

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    update: intent({
      toasts: TOASTS.update,
      parse: (ctx) => {
        const artNo = productArtNo(ctx);
        if (artNo instanceof Refusal) return artNo;
        const parsed = parseProductEdit((name) => field(ctx.form, name));
        return parsed.ok ? { artNo, edit: parsed.edit } : refuse(fail(ctx, parsed.message, 400));
      },
      run: async ({ artNo, edit }, ctx) =>
        productAnswer(ctx, artNo, await updateProduct(ctx.context.db, ctx.actor, artNo, edit)),
    }),
    delete: intent({
      toasts: TOASTS.delete,
      parse: (ctx) => productArtNo(ctx),
      run: async (artNo, ctx) => {
        const deleted = await deleteProduct(ctx.context.db, ctx.actor, artNo);
        const result: ProductWriteResult = deleted.ok ? { ok: true, categories: deleted.categories } : deleted;
        const undo =
          deleted.ok && deleted.changeId != null
            ? { label: "Undo", fields: { intent: "restore", changeId: String(deleted.changeId) } }
            : undefined;
        return productAnswer(ctx, artNo, result, undo);
      },
    }),
    "set-inactive": intent({
      toasts: TOASTS["set-inactive"],
      parse: (ctx) => productArtNo(ctx),
      run: async (artNo, ctx) =>
        productAnswer(ctx, artNo, await setProductInactive(ctx.context.db, ctx.actor, artNo), {
          label: "Undo",
          fields: { intent: "set-active", artNo: String(artNo) },
        }),
    }),
    "set-active": intent({
      toasts: TOASTS["set-active"],
      parse: (ctx) => productArtNo(ctx),
      run: async (artNo, ctx) => {
        const done = await setProductActive(ctx.context.db, ctx.actor, artNo);
        return productAnswer(ctx, artNo, done.ok ? { ok: true, categories: done.categories } : done);
      },
    }),
    restore: intent({
      toasts: TOASTS.restore,
      parse: (ctx) => {
        const changeId = Number(field(ctx.form, "changeId"));
        return Number.isSafeInteger(changeId) && changeId > 0
          ? changeId
          : refuse(fail(ctx, "There is no deleted product to restore.", 404));
      },
      run: async (changeId, ctx) => {
        const result = await restoreProduct(ctx.context.db, ctx.actor, changeId);
        if (!result.ok) return fail(ctx, result.message, result.reason === "not-found" ? 404 : 409);
        ctx.context.logger.info(
          { artNo: result.artNo, intent: ctx.intent, by: ctx.viewer.id },
          "admin restored product",
        );
        return data<ProductActionResult>({
          ok: true,
          intent: ctx.intent,
          title: ctx.toasts.ok,
          description: `ArtNo ${result.artNo} is back.`,
        });
      },
    }),
    "tag-add": intent({
      toasts: TOASTS["tag-add"],
      parse: tagInput,
      run: async ({ artNo, tag }, ctx) =>
        productAnswer(ctx, artNo, await addProductTag(ctx.context.db, ctx.actor, artNo, tag)),
    }),
    "tag-remove": intent({
      toasts: TOASTS["tag-remove"],
      parse: tagInput,
      run: async ({ artNo, tag }, ctx) =>
        productAnswer(ctx, artNo, await removeProductTag(ctx.context.db, ctx.actor, artNo, tag)),
    }),
    "bulk-price": intent({
      toasts: TOASTS["bulk-price"],
      parse: bulkParse((ctx) => {
        const parsed = parsePriceChange(field(ctx.form, "mode"), field(ctx.form, "amount"));
        return parsed.ok ? { kind: "price", change: parsed.change } : refuse(fail(ctx, parsed.message, 400));
      }),
      run: runBulk,
    }),
    "bulk-status": intent({
      toasts: TOASTS["bulk-status"],
      parse: bulkParse((ctx) => {
        const status = field(ctx.form, "newStatus");
        if (status !== "active" && status !== "inactive") return refuse(fail(ctx, "Choose active or inactive.", 400));
        return { kind: "status", status: status === "active" ? 1 : 0 };
      }),
      run: runBulk,
    }),
    "bulk-category": intent({
      toasts: TOASTS["bulk-category"],
      parse: bulkParse((ctx) => {
        const categoryId = artNoOf(field(ctx.form, "newCategory"));
        if (categoryId == null || categoryId === 0) return refuse(fail(ctx, "Please select a valid category.", 400));
        return { kind: "category", categoryId };
      }),
      run: runBulk,
    }),
  }),
  unknown: () =>
    data<ProductActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    ),
  logMessage: "admin product change failed",
  failed: (error, ctx) => fail(ctx, errorText(error), 500),
});

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductsPanel {...loaderData} result={actionData} />;
}
