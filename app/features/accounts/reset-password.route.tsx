import { useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { TriangleAlert } from "lucide-react";
import type { Route } from "./+types/reset-password.route";
import { AuthCard } from "./auth-card";
import { FieldShell } from "./auth-form";
import { rootOrigin } from "~/shared/page/root-data";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { AUTH_TEXT, validateNewPassword, type AuthFieldErrors } from "./credentials";
import { isResetTokenValid, resetPassword } from "./password-reset.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { readForm } from "~/shared/actions/form.server";
import { pageMeta } from "~/shared/page/seo";

type ActionAnswer = { errors: AuthFieldErrors; formError?: string; tokenInvalid?: boolean };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Nieuw wachtwoord instellen",
    description: "Stel een nieuw wachtwoord in voor je Trapkracht-account.",
    origin: rootOrigin(matches),
    path: "/wachtwoord-herstellen",
    noindex: true,
  });
}

/**
 * The mailed link goes through better-auth (GET /api/auth/reset-password/:token), which sends the
 * browser here with ?token=… or, for an unknown or expired token, ?error=INVALID_TOKEN.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isResetTokenValid(context, token));
  return data({ token: valid ? token : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  const input = validateNewPassword(form);
  if (!input.ok) return data<ActionAnswer>({ errors: input.errors }, { status: 400 });
  const result = await resetPassword(
    context.db,
    context,
    { token: typeof token === "string" ? token : "", newPassword: input.data.password },
    { clientIp: context.clientIp },
  );
  if (!result.ok) {
    return data<ActionAnswer>(
      { errors: {}, formError: result.message, tokenInvalid: result.reason === "invalid-token" },
      { status: result.status },
    );
  }
  return redirectWithFlash(context.config, "/login", {
    kind: "success",
    title: AUTH_TEXT.passwordChanged,
    description: AUTH_TEXT.passwordChangedDetail,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<AuthFieldErrors | null>(null);
  const errors = clientErrors ?? actionData?.errors ?? {};

  if (!loaderData.token || actionData?.tokenInvalid) {
    return (
      <AuthCard title="Nieuw wachtwoord instellen" intro="Kies een nieuw wachtwoord voor je account.">
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{AUTH_TEXT.resetTokenInvalid}</p>
        </div>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/wachtwoord-vergeten">Vraag een nieuwe link aan</Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validateNewPassword(new FormData(event.currentTarget));
    if (result.ok) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(result.errors);
    document.getElementById(result.errors.password ? "herstel-password" : "herstel-confirmPassword")?.focus();
  };
  const field = (name: "password" | "confirmPassword") => ({
    id: `herstel-${name}`,
    name,
    type: "password",
    autoComplete: "new-password",
    maxLength: 128,
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `herstel-${name}-fout` : undefined,
  });

  return (
    <AuthCard
      title="Nieuw wachtwoord instellen"
      intro="Kies een nieuw wachtwoord van minimaal 6 tekens. Daarna log je in met je nieuwe wachtwoord."
    >
      {actionData?.formError ? (
        <p role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-danger">
          {actionData.formError}
        </p>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FieldShell id="herstel-password" label="Nieuw wachtwoord" error={errors.password}>
          <Input {...field("password")} />
        </FieldShell>
        <FieldShell id="herstel-confirmPassword" label="Bevestig nieuw wachtwoord" error={errors.confirmPassword}>
          <Input {...field("confirmPassword")} />
        </FieldShell>
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Bezig met opslaan..." : "Wachtwoord opslaan"}
        </Button>
      </Form>
    </AuthCard>
  );
}
