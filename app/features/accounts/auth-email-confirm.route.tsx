import { data, Form, useNavigation } from "react-router";
import { MailCheck, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/auth-email-confirm.route";
import { StravaPageCard } from "./strava-page-card";
import { rootOrigin } from "~/shared/page/root-data";
import { Button } from "~/shared/ui/button";
import { STRAVA_EMAIL_MESSAGES } from "./strava-email-schema";
import { confirmStravaEmailClaim, lookUpStravaEmailClaim } from "./strava-email.server";
import { getViewer } from "./viewer.http.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { readForm } from "~/shared/actions/form.server";
import { pageMeta } from "~/shared/page/seo";

type Problem = { message: string; canRequestNew: boolean };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "E-mailadres bevestigen",
    description: "Bevestig je e-mailadres om je Trapkracht-account compleet te maken.",
    origin: rootOrigin(matches),
    path: "/auth/email/bevestigen",
    noindex: true,
  });
}

/**
 * GET only shows what will happen: mail scanners and link previews open links by themselves, and
 * must not use up the token or link accounts. The button POSTs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const [claim, viewer] = await Promise.all([lookUpStravaEmailClaim(context.db, token), getViewer(request, context)]);
  return data(
    { token: claim.state === "valid" ? token : null, claim, canRequestNew: Boolean(viewer?.needsEmail) },
    { status: claim.state === "valid" ? 200 : 410 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  const viewer = await getViewer(request, context);
  const problem = (message: string, status: number) =>
    data<Problem>({ message, canRequestNew: Boolean(viewer?.needsEmail) }, { status });
  try {
    const result = await confirmStravaEmailClaim(context.db, typeof token === "string" ? token : null);
    if (!result.ok) {
      return problem(
        result.reason === "expired" ? STRAVA_EMAIL_MESSAGES.linkExpired : STRAVA_EMAIL_MESSAGES.linkInvalid,
        410,
      );
    }
    if (result.outcome === "confirmed") {
      return redirectWithFlash(context.config, "/", {
        kind: "success",
        title: "E-mailadres bevestigd",
        description: "Je account is compleet. Je logt voortaan in met Strava.",
      });
    }
    // Linked to an existing account: the placeholder user and its sessions are gone, so whoever
    // confirmed is signed out. We do not sign them in to the existing account from here: that would
    // make this mail a password-less login link to an account that may hold more than the Strava
    // login, and a session cookie is better-auth's to issue. One click on "Inloggen met Strava" now
    // lands in the linked account.
    return redirectWithFlash(context.config, "/", {
      kind: "success",
      title: "Strava is gekoppeld aan je account",
      description: result.hasPassword
        ? "Log voortaan in met Strava of met je wachtwoord."
        : "Log voortaan in met Strava. Een wachtwoord stel je in via Wachtwoord vergeten?",
    });
  } catch (error) {
    context.logger.error({ err: error }, "strava e-mail claim could not be confirmed");
    return problem(STRAVA_EMAIL_MESSAGES.confirmFailed, 500);
  }
}

export default function ConfirmStravaEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { claim, token } = loaderData;
  const problem: Problem | null =
    actionData ??
    (claim.state === "valid"
      ? null
      : {
          message: claim.state === "expired" ? STRAVA_EMAIL_MESSAGES.linkExpired : STRAVA_EMAIL_MESSAGES.linkInvalid,
          canRequestNew: loaderData.canRequestNew,
        });

  if (problem) {
    return (
      <StravaPageCard title="E-mailadres bevestigen" titleId="bevestigen-titel">
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p className="m-0 font-medium">{problem.message}</p>
        </div>
        {problem.canRequestNew ? (
          <p>
            <a href="/auth/email" className="font-medium text-brand-700 underline underline-offset-4">
              Vraag een nieuwe bevestigingslink aan
            </a>
          </p>
        ) : (
          <p className="text-muted">
            Log opnieuw in met Strava om een nieuwe link aan te vragen.{" "}
            <a href="/" className="font-medium text-brand-700 underline underline-offset-4">
              Naar de homepage
            </a>
          </p>
        )}
      </StravaPageCard>
    );
  }

  return (
    <StravaPageCard
      title="E-mailadres bevestigen"
      titleId="bevestigen-titel"
      icon={<MailCheck aria-hidden className="size-10" />}
    >
      <p className="text-center">
        Bevestig dat <strong className="break-words">{claim.state === "valid" ? claim.email : ""}</strong> jouw
        e-mailadres is.
      </p>
      <p className="text-sm text-muted">
        Heb je met dit adres al een account bij Trapkracht? Dan koppelen we Strava daaraan; daarna log je in met Strava.
      </p>
      <Form method="post" className="pt-2">
        <input type="hidden" name="token" value={token ?? ""} />
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Bezig met bevestigen..." : "E-mailadres bevestigen"}
        </Button>
      </Form>
    </StravaPageCard>
  );
}
