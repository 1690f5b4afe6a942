import { data } from "react-router";
import type { Route } from "./+types/admin.homepage";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { CarouselPanel } from "~/components/admin/carousel-panel";
import { errorText } from "~/components/admin/error-text";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { parseSlideInput } from "~/domain/content/carousel-admin";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  moveSlide,
  setSlideActive,
  updateSlide,
  type SlideWriteResult,
} from "~/domain/content/carousel-admin.server";
import { readForm } from "~/lib/form.server";

export function meta() {
  return [{ title: "Homepage Carousel Beheer | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** "Homepage Carousel Beheer" (spec 1 §2.15): every slide, active or not, in home-page order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    return { slides: await listAllSlides(context.db), loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin carousel list failed");
    return { slides: null, loadError: "Er is een fout opgetreden bij het laden van de carousel slides." };
  }
}

const INTENTS = ["save", "toggle", "move", "delete"] as const;
type Intent = (typeof INTENTS)[number];

/** The toast titles of spec 2 §8 per intent: success, and the prefix of a failure. */
const TOASTS: Record<Intent, { ok: string; failed: string }> = {
  save: { ok: "Slide is opgeslagen", failed: "Fout bij opslaan" },
  toggle: { ok: "Slide is opgeslagen", failed: "Fout bij opslaan" },
  move: { ok: "Volgorde is bijgewerkt", failed: "Fout bij bijwerken volgorde" },
  delete: { ok: "Slide is verwijderd", failed: "Fout bij verwijderen" },
};

/** A slide id from the form: a positive integer, else null. */
function slideId(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) {
    return data<AdminActionResult>(
      {
        ok: false,
        intent: "unknown",
        title: "Onbekende actie",
        description: "Laad de pagina opnieuw en probeer het nog eens.",
      },
      { status: 400 },
    );
  }
  const toasts = TOASTS[intent as Intent];
  const fail = (message: string, status: number) =>
    data<AdminActionResult>({ ok: false, intent, title: `${toasts.failed}: ${message}` }, { status });
  const id = slideId(form.get("id"));
  const actor = { id: viewer.id, email: viewer.email };

  let result: SlideWriteResult;
  try {
    if (intent === "save") {
      const parsed = parseSlideInput((field) => {
        const value = form.get(field);
        return typeof value === "string" ? value : null;
      }, new URL(context.config.publicUrl).origin);
      if (!parsed.ok) return fail(parsed.message, 400);
      const rawId = form.get("id");
      if (rawId != null && rawId !== "" && id == null) return fail("Slide niet gevonden", 404);
      result =
        id == null
          ? await createSlide(context.db, actor, parsed.slide)
          : await updateSlide(context.db, actor, id, parsed.slide);
    } else {
      if (id == null) return fail("Slide niet gevonden", 404);
      if (intent === "toggle") {
        const active = form.get("active");
        if (active !== "true" && active !== "false") return fail("Kies actief of inactief", 400);
        result = await setSlideActive(context.db, actor, id, active === "true");
      } else if (intent === "move") {
        const direction = form.get("direction");
        if (direction !== "up" && direction !== "down") return fail("Kies omhoog of omlaag", 400);
        result = await moveSlide(context.db, actor, id, direction);
      } else {
        result = await deleteSlide(context.db, actor, id);
      }
    }
  } catch (error) {
    context.logger.error({ err: error, intent }, "admin carousel change failed");
    return fail(errorText(error), 500);
  }
  if (!result.ok) return fail(result.message, result.reason === "not-found" ? 404 : 400);
  context.logger.info({ slideId: result.slide.id, intent, by: viewer.id }, "admin changed carousel");
  return data<AdminActionResult>({ ok: true, intent, title: toasts.ok });
}

export default function AdminHomepage({ loaderData, actionData }: Route.ComponentProps) {
  return <CarouselPanel slides={loaderData.slides} loadError={loaderData.loadError} result={actionData} />;
}
