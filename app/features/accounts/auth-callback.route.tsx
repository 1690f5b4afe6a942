import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import { LoaderCircle } from "lucide-react";
import type { Route } from "./+types/auth-callback.route";
import { StravaPageCard } from "./strava-page-card";
import { rootOrigin } from "~/shared/page/root-data";
import { CALLBACK_BUSY, callbackOutcome } from "./callback-outcome";
import { getViewer } from "./viewer.http.server";
import { toast } from "~/shared/actions/toast";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Bezig met authenticatie",
    description: "Je wordt ingelogd bij Trapkracht.",
    origin: rootOrigin(matches),
    path: "/auth/callback",
    noindex: true,
  });
}

/**
 * The return point of the Strava sign-in and of the e-mail verification link. better-auth has
 * already done the work (session cookie set, or `?error=` added); this page only reports it.
 *
 * Why the page renders and the browser navigates home (rather than a server redirect with a flash
 * message): spec 1 §2.3 has this page show "Bezig met authenticatie..." and then go home, and the
 * toast belongs to that step. The outcome travels in the loader data, so it cannot leak into a later
 * page the way a cookie could. Without JavaScript there are no toasts at all, so the page itself
 * says what happened (in <noscript>) and offers a plain link home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await getViewer(request, context);
  const outcome = callbackOutcome({
    error: url.searchParams.get("error"),
    confirmed: url.searchParams.get("bevestigd") === "1",
    viewer: viewer ? { needsEmail: viewer.needsEmail } : null,
  });
  // A new Strava user goes straight on to the e-mail form: nothing to report yet.
  if (outcome.type === "redirect") throw redirect(outcome.to);
  return outcome;
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AuthCallbackPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { message, next } = loaderData;

  useEffect(() => {
    const show = message.kind === "error" ? toast.error : message.kind === "info" ? toast.info : toast.success;
    // A fixed id: React's development double effects (and a quick second visit) show one toast.
    show(message.title, { description: message.description, id: "auth-callback" });
    // Replace: the back button must not return to this one-time page.
    void navigate(next, { replace: true });
  }, [message, next, navigate]);

  return (
    <StravaPageCard
      title={CALLBACK_BUSY}
      titleId="callback-titel"
      titleIsStatus
      icon={<LoaderCircle aria-hidden className="size-10 motion-safe:animate-spin" />}
    >
      <noscript>
        <div
          className={
            message.kind === "error"
              ? "rounded-lg border border-red-200 bg-red-50 p-4 text-danger"
              : "rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
          }
        >
          <p className="m-0 font-semibold">{message.title}</p>
          {message.description ? <p className="m-0 mt-1 text-sm">{message.description}</p> : null}
        </div>
      </noscript>
      <p className="pt-2 text-center text-sm">
        <a href={next} className="font-medium text-brand-700 underline underline-offset-4">
          Verder naar de homepage
        </a>
      </p>
    </StravaPageCard>
  );
}
