import { data } from "react-router";
import type { Route } from "./+types/upload.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { storageFor } from "~/shared/storage/index.server";
import { readForm } from "~/shared/actions/form.server";
import { productExists, storeProductImage } from "./product-images.server";
import type { UploadAnswer } from "~/shared/uploads/upload-answer";

const json = (answer: UploadAnswer, status = 200) =>
  Response.json(answer, { status, headers: { "cache-control": "private, no-store" } });

/**
 * POST /admin/product-images/:artNo — an image for the product edit dialog as multipart form data
 * (field "file", at most 5 MB; body limit in server/body-limit.ts). Stored through the image
 * pipeline; the answer (always JSON) holds the URL the dialog adds to the product's images, which
 * the product keeps once the dialog is saved.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const artNo = /^[1-9]\d{0,9}$/.test(params.artNo) ? Number(params.artNo) : null;
  if (artNo === null || artNo > 2_147_483_647 || !(await productExists(context.db, artNo))) {
    return json({ ok: false, message: "Product not found" }, 404);
  }
  const form = await readForm(request);
  const file = form.get("file");
  if (!(file instanceof File)) return json({ ok: false, message: "Choose an image to upload" }, 400);
  let stored;
  try {
    stored = await storeProductImage(storageFor(context.config, "images"), artNo, file);
  } catch (err) {
    context.logger.error({ err, by: viewer.id, artNo }, "storing a product image failed");
    return json({ ok: false, message: "The upload failed on the server; try again later" }, 500);
  }
  if (!stored.ok) return json({ ok: false, message: stored.message }, stored.status);
  context.logger.info({ artNo, url: stored.url, bytes: stored.bytes, by: viewer.id }, "admin uploaded a product image");
  return json({ ok: true, url: stored.url });
}

/** Nothing to show here; the guard still comes first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data("Method not allowed", { status: 405 });
}
