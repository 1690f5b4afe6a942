import { data } from "react-router";
import type { Route } from "./+types/upload.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { storeCarouselImage } from "./uploads.server";
import type { UploadAnswer } from "~/shared/uploads/upload-answer";
import { readForm } from "~/shared/actions/form.server";
import { storageFor } from "~/shared/storage/index.server";

/**
 * POST /admin/homepage/upload: a slide's background image as multipart form data (field "file").
 * The body may be 5 MB plus framing (server/body-limit.ts); the content must really be a JPEG, PNG
 * or WebP image, which is kept re-encoded at the carousel's size. The answer is always JSON (also on
 * a failure) with the URL the slide form then uses or the message the panel shows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const file = form.get("file");
  if (!(file instanceof File)) {
    return Response.json({ ok: false, message: "Choose an image to upload" } satisfies UploadAnswer, {
      status: 400,
    });
  }
  let stored;
  try {
    stored = await storeCarouselImage(storageFor(context.config, "carousel"), file);
  } catch (err) {
    // Still JSON: the panel shows the message instead of failing on a plain-text error page.
    context.logger.error({ err, by: viewer.id }, "storing a carousel image failed");
    return Response.json(
      {
        ok: false,
        message: "The upload failed because of an error on the server; try again later",
      } satisfies UploadAnswer,
      { status: 500 },
    );
  }
  if (!stored.ok)
    return Response.json({ ok: false, message: stored.message } satisfies UploadAnswer, { status: stored.status });
  context.logger.info({ url: stored.url, bytes: stored.bytes, by: viewer.id }, "admin uploaded a carousel image");
  return Response.json({ ok: true, url: stored.url } satisfies UploadAnswer);
}

/** Nothing to show here; the guard still comes first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data("Method not allowed", { status: 405 });
}
