import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { parseStravaEmail } from "./strava-email-schema";

/**
 * The address a new Strava user gives. A plain POST that works without JavaScript (the server checks
 * it with the same schema); with JavaScript the schema checks it before sending.
 */
export function StravaEmailForm({ value = "", error: serverError }: { value?: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = parseStravaEmail(new FormData(event.currentTarget).get("email"));
    if (result.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(result.error);
    event.currentTarget.querySelector<HTMLInputElement>('[name="email"]')?.focus();
  };

  return (
    // noValidate: our Dutch message instead of the browser's; the server checks anyway.
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="strava-email">E-mailadres</Label>
        <Input
          id="strava-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          defaultValue={value}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "strava-email-fout" : undefined}
        />
        {error ? (
          <p id="strava-email-fout" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? "Bezig met versturen..." : "Bevestigingslink versturen"}
      </Button>
    </Form>
  );
}
