import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/homepage.route";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { CarouselPanel } from "./carousel-panel";
import { errorText } from "~/shared/errors/error-text";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { parseSlideInput } from "./carousel-admin";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  moveSlide,
  moveSlideTo,
  setSlideActive,
  updateSlide,
  type SlideWriteResult,
} from "./carousel-admin.server";
import { checkSlideLink, describeSlideLinks } from "./link-options.server";
import { amsterdamDay } from "./slide-schedule";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "Homepage Carousel Beheer | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** "Homepage Carousel Beheer" (spec 1 §2.15): every slide, active or not, in home-page order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // Today's Amsterdam day, from the server: the table's Scheduled / Ended marks use it.
  const today = amsterdamDay(new Date());
  try {
    const slides = await listAllSlides(context.db);
    const links = await describeSlideLinks(
      context.db,
      slides.map((slide) => slide.ctaLink),
    );
    return { slides, links, today, loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin carousel list failed");
    return {
      slides: null,
      links: {},
      today,
      loadError: "Er is een fout opgetreden bij het laden van de carousel slides.",
    };
  }
}

/** The toast titles of spec 2 §8 per intent: success, and the prefix of a failure. */
const SAVE_TOASTS = { ok: "Slide is opgeslagen", failed: "Fout bij opslaan" };
const ORDER_TOASTS = { ok: "Volgorde is bijgewerkt", failed: "Fout bij bijwerken volgorde" };
const DELETE_TOASTS = { ok: "Slide is verwijderd", failed: "Fout bij verwijderen" };
type Toasts = typeof SAVE_TOASTS;

/** A slide id from the form: a positive integer, else null. */
function slideId(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

const fail = ({ intent, toasts }: { intent: string; toasts: Toasts }, message: string, status: number) =>
  data<AdminActionResult>({ ok: false, intent, title: `${toasts.failed}: ${message}` }, { status });

type SlideCtx = { intent: string; toasts: Toasts; viewer: { id: string }; context: AppLoadContext };

/** An existing slide's id (every intent but save needs one). */
function existingSlide(ctx: SlideCtx & { form: FormData }) {
  const id = slideId(ctx.form.get("id"));
  return id == null ? refuse(fail(ctx, "Slide niet gevonden", 404)) : id;
}

/** The service's answer as the toast the panel shows. */
function slideAnswer(ctx: SlideCtx, result: SlideWriteResult) {
  if (!result.ok) return fail(ctx, result.message, result.reason === "not-found" ? 404 : 400);
  ctx.context.logger.info(
    { slideId: result.slide.id, intent: ctx.intent, by: ctx.viewer.id },
    "admin changed carousel",
  );
  return data<AdminActionResult>({ ok: true, intent: ctx.intent, title: ctx.toasts.ok });
}

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    save: intent({
      toasts: SAVE_TOASTS,
      parse: async (ctx) => {
        const parsed = parseSlideInput((field) => {
          const value = ctx.form.get(field);
          return typeof value === "string" ? value : null;
        }, new URL(ctx.context.config.publicUrl).origin);
        if (!parsed.ok) return refuse(fail(ctx, parsed.message, 400));
        if (parsed.slide.ctaLink !== null) {
          const link = await checkSlideLink(ctx.context.db, parsed.slide.ctaLink);
          if (!link.ok) return refuse(fail(ctx, link.message, 400));
        }
        const rawId = ctx.form.get("id");
        const id = slideId(rawId);
        if (rawId != null && rawId !== "" && id == null) return refuse(fail(ctx, "Slide niet gevonden", 404));
        return { id, slide: parsed.slide };
      },
      run: async ({ id, slide }, ctx) =>
        slideAnswer(
          ctx,
          id == null
            ? await createSlide(ctx.context.db, ctx.actor, slide)
            : await updateSlide(ctx.context.db, ctx.actor, id, slide),
        ),
    }),
    toggle: intent({
      toasts: SAVE_TOASTS,
      parse: (ctx) => {
        const id = existingSlide(ctx);
        if (id instanceof Refusal) return id;
        const active = ctx.form.get("active");
        if (active !== "true" && active !== "false") return refuse(fail(ctx, "Kies actief of inactief", 400));
        return { id, active: active === "true" } as const;
      },
      run: async ({ id, active }, ctx) => slideAnswer(ctx, await setSlideActive(ctx.context.db, ctx.actor, id, active)),
    }),
    move: intent({
      toasts: ORDER_TOASTS,
      parse: (ctx) => {
        const id = existingSlide(ctx);
        if (id instanceof Refusal) return id;
        const direction = ctx.form.get("direction");
        if (direction !== "up" && direction !== "down") return refuse(fail(ctx, "Kies omhoog of omlaag", 400));
        return { id, direction } as const;
      },
      run: async ({ id, direction }, ctx) =>
        slideAnswer(ctx, await moveSlide(ctx.context.db, ctx.actor, id, direction)),
    }),
    position: intent({
      toasts: ORDER_TOASTS,
      parse: (ctx) => {
        const id = existingSlide(ctx);
        if (id instanceof Refusal) return id;
        const position = String(ctx.form.get("position") ?? "").trim();
        if (!/^[1-9]\d{0,4}$/.test(position)) return refuse(fail(ctx, "Kies een positie (1, 2, 3, …)", 400));
        return { id, position: Number(position) };
      },
      run: async ({ id, position }, ctx) =>
        slideAnswer(ctx, await moveSlideTo(ctx.context.db, ctx.actor, id, position)),
    }),
    delete: intent({
      toasts: DELETE_TOASTS,
      parse: existingSlide,
      run: async (id, ctx) => slideAnswer(ctx, await deleteSlide(ctx.context.db, ctx.actor, id)),
    }),
  }),
  unknown: () =>
    data<AdminActionResult>(
      {
        ok: false,
        intent: "unknown",
        title: "Onbekende actie",
        description: "Laad de pagina opnieuw en probeer het nog eens.",
      },
      { status: 400 },
    ),
  logMessage: "admin carousel change failed",
  failed: (error, ctx) => fail(ctx, errorText(error), 500),
});

export default function AdminHomepage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CarouselPanel
      slides={loaderData.slides}
      links={loaderData.links}
      today={loaderData.today}
      loadError={loaderData.loadError}
      result={actionData}
    />
  );
}
