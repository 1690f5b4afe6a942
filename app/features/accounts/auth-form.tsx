import { useState, type ComponentType, type FormEvent, type ReactNode, type RefAttributes } from "react";
import { Link, type FetcherFormProps } from "react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import {
  AUTH_TEXT,
  validateLogin,
  validateRegister,
  type AuthAnswer,
  type AuthField,
  type AuthFieldErrors,
  type AuthMode,
} from "./credentials";

/** React Router's `Form` (the page) or a fetcher's `Form` (the dialog): same markup, other transport. */
export type FormComponent = ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;

const LABELS = {
  login: { submit: "Inloggen", busy: "Bezig met inloggen...", strava: "Inloggen met Strava" },
  register: { submit: "Registreren", busy: "Bezig met registreren...", strava: "Registreren met Strava" },
} as const;

export type AuthFormProps = {
  mode: AuthMode;
  /** Keeps ids unique when the page and the dialog are on screen together. */
  idPrefix: string;
  Form: FormComponent;
  /** The resend-confirmation form's transport (its own fetcher in the dialog). */
  ResendForm: FormComponent;
  /** A sign-in or registration call is running: both the submit and the Strava button are disabled. */
  busy: boolean;
  resendBusy: boolean;
  /** The server's last answer to this form (login/register) and to the resend form. */
  answer: AuthAnswer | undefined;
  resendAnswer: AuthAnswer | undefined;
  /** The address is kept across a mode switch, so the parent owns it. */
  email: string;
  onEmailChange: (email: string) => void;
  /** Hidden fields sent along with every form (via, redirectTo). */
  hidden: Record<string, string>;
  stravaEnabled: boolean;
  /** "Nog geen account? Registreer hier" / "Heeft u al een account? Log hier in": a button or a link. */
  modeSwitch: ReactNode;
  /** false: no "of" divider and no Strava button at all (the maintenance screen's admin login). */
  withStrava?: boolean;
  /** A message above the form, e.g. the registration success banner. */
  notice?: ReactNode;
  /** Called when "Wachtwoord vergeten?" is followed (the dialog closes). */
  onLeave?: () => void;
};

/**
 * The login/register form of spec 1 §2.3, shared by the dialog and the /login page. The browser checks
 * it with the same zod schema as the action before sending; the server's answer (field errors, a
 * refused sign-in) is shown per field and in an alert. Remount it (key) when the mode changes.
 */
export function AuthForm(props: AuthFormProps) {
  const { mode, idPrefix, Form, busy, answer, email, onEmailChange, hidden, stravaEnabled } = props;
  const labels = LABELS[mode];
  // What the browser found at the last submit; a newer answer from the server replaces it.
  const [client, setClient] = useState<{ errors: AuthFieldErrors; answer: AuthAnswer | undefined } | null>(null);
  const clientErrors = client && client.answer === answer ? client.errors : null;

  const own = answer && answer.intent === mode && !answer.ok ? answer : undefined;
  const errors: AuthFieldErrors = clientErrors ?? own?.errors ?? {};
  const formError = clientErrors ? undefined : own && Object.keys(own.errors).length === 0 ? own.formError : undefined;
  const id = (name: string) => `${idPrefix}-${name}`;
  // The page (no JavaScript) gets the resend answer as its whole answer: show it on its own.
  const resent = answer?.intent === "resend" ? answer : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const result = mode === "login" ? validateLogin(formData) : validateRegister(formData);
    if (result.ok) {
      setClient(null);
      return;
    }
    event.preventDefault();
    setClient({ errors: result.errors, answer });
    const first = (["email", "password", "confirmPassword"] as const).find((f) => result.errors[f]);
    if (first) document.getElementById(id(first))?.focus();
  };

  const field = (name: AuthField) => ({
    id: id(name),
    name,
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? id(`${name}-fout`) : undefined,
  });

  return (
    <div className="space-y-5">
      {props.notice}
      {resent ? (
        <p
          role={resent.ok ? "status" : "alert"}
          className={
            resent.ok
              ? "rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900"
              : "rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-danger"
          }
        >
          {resent.message}
        </p>
      ) : null}
      {formError ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 space-y-2">
            <p className="font-semibold">{formError.title}</p>
            <p>{formError.message}</p>
            {own?.unverified ? <ResendConfirmation {...props} /> : null}
          </div>
        </div>
      ) : null}

      {/* noValidate: our Dutch messages instead of the browser's; the server checks everything anyway. */}
      <Form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value={mode} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FieldShell id={id("email")} label="E-mailadres" error={errors.email}>
          <Input
            {...field("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => onEmailChange(e.currentTarget.value)}
          />
        </FieldShell>
        <FieldShell id={id("password")} label="Wachtwoord" error={errors.password}>
          <Input
            {...field("password")}
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            maxLength={128}
          />
        </FieldShell>
        {mode === "register" ? (
          <FieldShell id={id("confirmPassword")} label="Bevestig wachtwoord" error={errors.confirmPassword}>
            <Input {...field("confirmPassword")} type="password" autoComplete="new-password" maxLength={128} />
          </FieldShell>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-center gap-2">
              <input
                id={id("rememberMe")}
                name="rememberMe"
                type="checkbox"
                className="size-4 rounded border-line accent-brand-700"
              />
              <Label htmlFor={id("rememberMe")}>Onthoud mij</Label>
            </div>
            <Link
              to="/wachtwoord-vergeten"
              onClick={props.onLeave}
              className="text-sm font-medium text-brand-700 underline underline-offset-4"
            >
              Wachtwoord vergeten?
            </Link>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? labels.busy : labels.submit}
        </Button>
      </Form>

      {props.withStrava === false ? null : (
        <>
          <div className="flex items-center gap-3 text-sm text-muted" aria-hidden>
            <span className="h-px flex-1 bg-line" />
            of
            <span className="h-px flex-1 bg-line" />
          </div>
          <StravaButton mode={mode} idPrefix={idPrefix} busy={busy} enabled={stravaEnabled} />
        </>
      )}

      {props.modeSwitch ? <p className="text-center text-sm text-muted">{props.modeSwitch}</p> : null}
    </div>
  );
}

function ResendConfirmation({ idPrefix, ResendForm, resendBusy, resendAnswer, email, hidden }: AuthFormProps) {
  const answered = resendAnswer?.intent === "resend" ? resendAnswer : undefined;
  return (
    <ResendForm method="post" action="/login" className="space-y-2">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      {hidden.via ? <input type="hidden" name="via" value={hidden.via} /> : null}
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={resendBusy}
        aria-disabled={resendBusy || undefined}
        aria-describedby={answered ? `${idPrefix}-resend-status` : undefined}
      >
        {resendBusy ? "Bezig met versturen..." : AUTH_TEXT.resendButton}
      </Button>
      {answered ? (
        <p id={`${idPrefix}-resend-status`} role="status" className={answered.ok ? "text-ink" : "font-medium"}>
          {answered.message}
        </p>
      ) : null}
    </ResendForm>
  );
}

/**
 * Strava sign-in is a plain form POST to /auth/strava (a full page navigation to Strava). Without
 * STRAVA_CLIENT_ID/SECRET the button is disabled and says why.
 */
function StravaButton({
  mode,
  idPrefix,
  busy,
  enabled,
}: {
  mode: AuthMode;
  idPrefix: string;
  busy: boolean;
  enabled: boolean;
}) {
  const noteId = `${idPrefix}-strava-uit`;
  return (
    <form method="post" action="/auth/strava" className="space-y-1.5">
      <input type="hidden" name="intent" value={mode} />
      <Button
        type="submit"
        variant="ghost"
        size="lg"
        className="w-full border border-[#fc4c02] text-[#c43a00]"
        disabled={busy || !enabled}
        aria-describedby={enabled ? undefined : noteId}
      >
        <StravaMark />
        {LABELS[mode].strava}
      </Button>
      {enabled ? null : (
        <p id={noteId} className="text-center text-sm text-muted">
          {AUTH_TEXT.stravaUnavailable}
        </p>
      )}
    </form>
  );
}

/** Strava's chevron mark, decorative. */
function StravaMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" fill="currentColor">
      <path d="M15.39 17.94 13.3 13.8h-3.07L15.39 24l5.15-10.2h-3.07M10.4 0 3.5 13.8h4.06L10.4 8.25l2.83 5.55h4.03" />
    </svg>
  );
}

/** A labelled field with its error below (linked by the input's aria-describedby `${id}-fout`). */
export function FieldShell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-fout`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
