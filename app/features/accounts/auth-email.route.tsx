import { data, redirect } from "react-router";
import { MailCheck, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/auth-email.route";
import { StravaEmailForm } from "./strava-email-form";
import { StravaPageCard } from "./strava-page-card";
import { rootOrigin } from "~/shared/page/root-data";
import { parseStravaEmail, STRAVA_EMAIL_MESSAGES } from "./strava-email-schema";
import { pendingClaimEmail, requestStravaEmailClaim } from "./strava-email.server";
import { getViewer } from "./viewer.http.server";
import { readForm } from "~/shared/actions/form.server";
import { pageMeta } from "~/shared/page/seo";

type ActionResult = { value: string; error?: string; formError?: string };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Vul je e-mailadres in",
    description: "Maak je Trapkracht-account compleet met je e-mailadres.",
    origin: rootOrigin(matches),
    path: "/auth/email",
    noindex: true,
  });
}

/** Only a signed-in Strava user without a confirmed address has anything to do here. */
async function requireStravaViewer(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = await getViewer(request, context);
  if (!viewer?.needsEmail) throw redirect("/");
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStravaViewer(request, context);
  const sent = new URL(request.url).searchParams.get("verstuurd") === "1";
  return { sentTo: sent ? await pendingClaimEmail(context.db, viewer.id) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStravaViewer(request, context);
  const raw = (await readForm(request)).get("email");
  const value = typeof raw === "string" ? raw.slice(0, 254) : "";
  const parsed = parseStravaEmail(value);
  if (!parsed.ok) return data<ActionResult>({ value, error: parsed.error }, { status: 400 });
  try {
    const result = await requestStravaEmailClaim(context.db, {
      userId: viewer.id,
      email: parsed.email,
      clientIp: context.clientIp,
      publicUrl: context.config.publicUrl,
    });
    if (!result.ok) return data<ActionResult>({ value, formError: STRAVA_EMAIL_MESSAGES.rateLimited }, { status: 429 });
  } catch (error) {
    context.logger.error({ err: error }, "strava e-mail claim could not be stored");
    return data<ActionResult>({ value, formError: STRAVA_EMAIL_MESSAGES.sendFailed }, { status: 500 });
  }
  // Post/Redirect/Get: a reload does not send a second mail. The answer is the same whether or not
  // the address already has an account.
  return redirect("/auth/email?verstuurd=1");
}

export default function StravaEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const sentTo = actionData ? null : loaderData.sentTo;
  return (
    <StravaPageCard title="Vul je e-mailadres in" titleId="strava-email-titel">
      <p className="text-muted">
        Strava geeft ons geen e-mailadres. Vul het jouwe in: we sturen je een bevestigingslink, en zodra je die opent is
        je account compleet. Heb je met dit adres al een account bij Trapkracht? Dan koppelen we Strava daaraan.
      </p>
      {sentTo ? (
        <div role="status" className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900">
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="min-w-0 text-sm">
            <p className="m-0 font-medium break-words">{STRAVA_EMAIL_MESSAGES.sent(sentTo)}</p>
            <p className="m-0 mt-1">Niets ontvangen? Kijk in je spam-map, of vul je adres hieronder opnieuw in.</p>
          </div>
        </div>
      ) : null}
      {actionData?.formError ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p className="m-0 text-sm font-medium">{actionData.formError}</p>
        </div>
      ) : null}
      <StravaEmailForm key={sentTo ? "verstuurd" : "formulier"} value={actionData?.value} error={actionData?.error} />
      <p className="text-center text-sm">
        <a href="/" className="text-brand-700 underline underline-offset-4">
          Later invullen, verder naar de homepage
        </a>
      </p>
    </StravaPageCard>
  );
}
