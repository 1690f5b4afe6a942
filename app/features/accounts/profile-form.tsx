import { FormNotices } from "./form-notices";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Button } from "~/shared/ui/button";
import { Card } from "~/shared/ui/card";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  profileValuesFrom,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from "./profile-schema";
import { toast } from "~/shared/actions/toast";
import { useRootData } from "~/shared/page/root-data";

export type ProfileData = ProfileValues & { email: string };

/** What the action answers when it did not save (see submitProfileForm). */
export type ProfileFormResult = { values: ProfileValues; errors: ProfileErrors; formError: string; detail: string };

/**
 * The profile form of spec 1 §2.10: first name, last name and phone editable, the e-mail address
 * shown read-only (it has no name, so it is never posted). A plain POST that works without
 * JavaScript; with JavaScript the shared schema checks it first and the button shows its busy label.
 */
export function ProfileForm({
  profile,
  result,
  action,
}: {
  profile: ProfileData;
  result: ProfileFormResult | undefined;
  /** The page's own path: the action redirects back to it. */
  action: "/profile" | "/account";
}) {
  const navigation = useNavigation();
  // Busy from the submit until the page after the redirect has loaded.
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === action;
  const [clientErrors, setClientErrors] = useState<ProfileErrors | null>(null);
  const errors = clientErrors ?? result?.errors ?? {};
  const values = result?.values ?? profile;
  const failed = clientErrors
    ? { formError: PROFILE_MESSAGES.saveError, detail: "Controleer de gemarkeerde velden." }
    : result;

  // The root shows the flash as a toast once the page runs; until then (or without JavaScript at
  // all) the same message is text on the page.
  const flash = useRootData()?.flash;
  const hydrated = useHydrated();
  const saved = !hydrated && !failed && flash?.kind === "success" && flash.title === PROFILE_MESSAGES.saved;

  useEffect(() => {
    if (result) toast.error(result.formError, { description: result.detail, id: "profiel-fout" });
  }, [result]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = validateProfile(profileValuesFrom(new FormData(event.currentTarget)));
    if (checked.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    toast.error(PROFILE_MESSAGES.saveError, { description: "Controleer de gemarkeerde velden.", id: "profiel-fout" });
    const first = Object.keys(checked.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const field = (name: ProfileField) => ({
    id: `profiel-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `profiel-${name}-fout` : undefined,
  });

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">Persoonlijke gegevens</h2>
      <p className="mt-1 text-sm text-muted">
        We gebruiken deze gegevens om je bestellingen sneller af te handelen. Alle velden zijn optioneel.
      </p>
      <FormNotices saved={saved ? PROFILE_MESSAGES.saved : null} failed={failed} />
      {/* noValidate: our Dutch messages instead of the browser's; the server checks everything anyway. */}
      <Form
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        aria-label="Profiel"
        className="mt-5 space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FieldShell name="firstName" label="Voornaam" error={errors.firstName}>
            <Input {...field("firstName")} autoComplete="given-name" maxLength={PROFILE_LIMITS.nameMax} />
          </FieldShell>
          <FieldShell name="lastName" label="Achternaam" error={errors.lastName}>
            <Input {...field("lastName")} autoComplete="family-name" maxLength={PROFILE_LIMITS.nameMax} />
          </FieldShell>
        </div>
        <FieldShell name="phone" label="Telefoonnummer" error={errors.phone}>
          <Input
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={PROFILE_LIMITS.phoneMax}
            placeholder="06 12345678"
          />
        </FieldShell>
        <div className="space-y-1.5">
          <Label htmlFor="profiel-email">E-mailadres</Label>
          <Input
            id="profiel-email"
            type="email"
            value={profile.email}
            readOnly
            aria-describedby="profiel-email-uitleg"
            className="read-only:bg-surface read-only:text-muted"
          />
          <p id="profiel-email-uitleg" className="text-sm text-muted">
            Je e-mailadres kun je niet wijzigen; we sturen er je bestelbevestigingen naartoe.
          </p>
        </div>
        <Button type="submit" size="lg" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Bezig met opslaan..." : "Opslaan"}
        </Button>
      </Form>
    </Card>
  );
}

function FieldShell({
  name,
  label,
  error,
  children,
}: {
  name: ProfileField;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={`profiel-${name}`}>{label}</Label>
      {children}
      {error ? (
        <p id={`profiel-${name}-fout`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
