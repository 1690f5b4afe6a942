import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password.route";
import { AuthCard } from "./auth-card";
import { FieldShell } from "./auth-form";
import { rootOrigin } from "~/shared/page/root-data";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { AUTH_TEXT, typedEmail, validateEmailOnly } from "./credentials";
import { requestPasswordReset } from "./password-reset.server";
import { readForm } from "~/shared/actions/form.server";
import { pageMeta } from "~/shared/page/seo";

type ActionAnswer = { email: string; error: string; field: boolean };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Wachtwoord vergeten",
    description: "Vraag een link aan om een nieuw wachtwoord voor je Trapkracht-account in te stellen.",
    origin: rootOrigin(matches),
    path: "/wachtwoord-vergeten",
    noindex: true,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("verzonden") === "1" };
}

/** Known or unknown address: the same redirect and the same text, so the form tells nobody who has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = typedEmail(form);
  const input = validateEmailOnly(form);
  if (!input.ok) {
    return data<ActionAnswer>(
      { email, error: input.errors.email ?? AUTH_TEXT.invalidEmail, field: true },
      { status: 400 },
    );
  }
  const result = await requestPasswordReset(context.db, context, input.data.email, { clientIp: context.clientIp });
  if (!result.ok) return data<ActionAnswer>({ email, error: result.message, field: false }, { status: result.status });
  // Post/Redirect/Get: a reload does not send another mail.
  return redirect("/wachtwoord-vergeten?verzonden=1");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const fieldError = clientError ?? (actionData?.field ? actionData.error : undefined);
  const formError = !clientError && actionData && !actionData.field ? actionData.error : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validateEmailOnly(new FormData(event.currentTarget));
    if (result.ok) return setClientError(null);
    event.preventDefault();
    setClientError(result.errors.email ?? AUTH_TEXT.invalidEmail);
    document.getElementById("vergeten-email")?.focus();
  };

  return (
    <AuthCard
      title="Wachtwoord vergeten?"
      intro="Vul het e-mailadres van je account in. We sturen je een link waarmee je een nieuw wachtwoord instelt."
    >
      {loaderData.sent && !actionData ? (
        <p role="status" className="mb-5 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
          {AUTH_TEXT.resetRequestAnswer}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-danger">
          {formError}
        </p>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FieldShell id="vergeten-email" label="E-mailadres" error={fieldError}>
          <Input
            id="vergeten-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            required
            defaultValue={actionData?.email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "vergeten-email-fout" : undefined}
          />
        </FieldShell>
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Bezig met versturen..." : "Stuur link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4">
          Terug naar inloggen
        </Link>
      </p>
    </AuthCard>
  );
}
