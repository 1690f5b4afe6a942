import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { Textarea } from "~/shared/ui/textarea";
import {
  contactValuesFrom,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from "./contact-schema";

const EMPTY: ContactValues = { firstName: "", lastName: "", email: "", subject: "", message: "" };

/**
 * The contact form: a plain POST that works without JavaScript (the server validates and answers
 * with the same Dutch messages); with JavaScript the same schema checks it before sending.
 */
export function ContactForm({
  values = EMPTY,
  errors: serverErrors = {},
}: {
  values?: ContactValues;
  errors?: ContactErrors;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const errors = clientErrors ?? serverErrors;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validateContact(contactValuesFrom(new FormData(event.currentTarget)));
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const first = Object.keys(result.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-fout` : undefined,
    "aria-required": true,
  });

  return (
    // noValidate: our Dutch messages instead of the browser's; the server checks everything anyway.
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Contactformulier">
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldShell name="firstName" label="Voornaam" error={errors.firstName}>
          <Input {...field("firstName")} autoComplete="given-name" maxLength={100} />
        </FieldShell>
        <FieldShell name="lastName" label="Achternaam" error={errors.lastName}>
          <Input {...field("lastName")} autoComplete="family-name" maxLength={100} />
        </FieldShell>
      </div>
      <FieldShell name="email" label="E-mailadres" error={errors.email}>
        <Input {...field("email")} type="email" autoComplete="email" inputMode="email" maxLength={254} />
      </FieldShell>
      <FieldShell name="subject" label="Onderwerp" error={errors.subject}>
        <Input {...field("subject")} maxLength={200} />
      </FieldShell>
      <FieldShell name="message" label="Bericht" error={errors.message}>
        <Textarea {...field("message")} rows={7} maxLength={5000} />
      </FieldShell>
      <Button type="submit" variant="accent" size="lg" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? "Bezig met verzenden…" : "Verstuur bericht"}
      </Button>
    </Form>
  );
}

function FieldShell({
  name,
  label,
  error,
  children,
}: {
  name: ContactField;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={`contact-${name}`}>{label}</Label>
      {children}
      {error ? (
        <p id={`contact-${name}-fout`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
