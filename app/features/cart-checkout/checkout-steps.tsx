import type { ReactNode } from "react";
import { Form } from "react-router";
import { CreditCard, Landmark, Lock, Pencil } from "lucide-react";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import {
  CHECKOUT_FIELDS,
  CHECKOUT_STEPS,
  COUNTRY,
  normalizePostcode,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutStep,
  type CheckoutValues,
} from "./checkout-schema";
import type { QuoteView } from "./quote-view";
import { AddressLookupStatus, useAddressLookup } from "~/features/address-lookup";
import { CheckoutCheckbox, CheckoutInput, fieldId } from "./checkout-field";
import { CartProblemNotice, SummaryLines, SummaryTotals } from "./order-summary";

/** What every step needs of the wizard. */
export type Wizard = {
  values: CheckoutValues;
  errors: CheckoutErrors;
  signedIn: boolean;
  checkoutToken: string;
  itemsJson: string;
  couponCode: string;
  setValue: (field: CheckoutField, value: string) => void;
  blur: (field: CheckoutField) => void;
  back: (step: CheckoutStep) => void;
};

/** The step heading takes the focus when the step changes. */
export const STEP_HEADING_ID = "checkout-stap";

/**
 * The values of the other steps, the cart and the token as hidden fields: every step is a complete
 * form post, so the wizard also works when its JavaScript does not run (the server then validates
 * the step and shows the next one).
 */
function CarriedFields({ wizard, except }: { wizard: Wizard; except: readonly CheckoutField[] }) {
  return (
    <>
      <input type="hidden" name="checkoutToken" value={wizard.checkoutToken} />
      <input type="hidden" name="items" value={wizard.itemsJson} />
      <input type="hidden" name="couponCode" value={wizard.couponCode} />
      {CHECKOUT_FIELDS.filter((f) => !except.includes(f)).map((f) => (
        <input key={f} type="hidden" name={f} value={wizard.values[f]} />
      ))}
    </>
  );
}

function StepHeading({ step }: { step: CheckoutStep }) {
  return (
    <h2 tabIndex={-1} id={STEP_HEADING_ID} className="text-xl font-semibold text-ink focus:outline-none">
      <span className="sr-only">Stap {step} van 3: </span>
      {CHECKOUT_STEPS[step - 1]}
    </h2>
  );
}

function StepForm({
  children,
  onSubmit,
  label,
}: {
  children: ReactNode;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  label: string;
}) {
  return (
    // noValidate: the spec's Dutch messages instead of the browser's; the server checks everything again.
    <Form method="post" noValidate onSubmit={onSubmit} aria-label={label} className="mt-5 space-y-5">
      {children}
    </Form>
  );
}

function text(wizard: Wizard, field: CheckoutField) {
  return {
    value: wizard.values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => wizard.setValue(field, e.currentTarget.value),
    onBlur: () => wizard.blur(field),
    error: wizard.errors[field],
  };
}

const CUSTOMER_OWN = ["firstName", "lastName", "email", "phone", "createAccount", "password"] as const;
const SHIPPING_OWN = ["address", "houseNumber", "houseNumberAddition", "postalCode", "city", "saveInfo"] as const;

export function CustomerStep({
  wizard,
  onSubmit,
}: {
  wizard: Wizard;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { values, signedIn } = wizard;
  const wantsAccount = values.createAccount === "on";
  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading step={1} />
      <StepForm onSubmit={onSubmit} label={CHECKOUT_STEPS[0]}>
        <CarriedFields wizard={wizard} except={CUSTOMER_OWN} />
        <div className="grid gap-5 sm:grid-cols-2">
          <CheckoutInput
            name="firstName"
            label="Voornaam"
            autoComplete="given-name"
            maxLength={100}
            aria-required
            {...text(wizard, "firstName")}
          />
          <CheckoutInput
            name="lastName"
            label="Achternaam"
            autoComplete="family-name"
            maxLength={100}
            aria-required
            {...text(wizard, "lastName")}
          />
        </div>
        <CheckoutInput
          name="email"
          label="E-mailadres"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          aria-required
          readOnly={signedIn}
          className={signedIn ? "[&_input]:bg-surface" : undefined}
          hint={signedIn ? "Het e-mailadres van je account; de bevestiging komt hierheen." : undefined}
          {...text(wizard, "email")}
        />
        <CheckoutInput
          name="phone"
          label="Telefoonnummer"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          hint="Optioneel; alleen voor vragen over de bezorging."
          {...text(wizard, "phone")}
        />
        {signedIn ? null : (
          <div className="space-y-4 rounded-md border border-line bg-surface p-4">
            <CheckoutCheckbox
              name="createAccount"
              label="Maak een account aan"
              checked={wantsAccount}
              onChange={(checked) => wizard.setValue("createAccount", checked ? "on" : "")}
            />
            {wantsAccount ? (
              <CheckoutInput
                name="password"
                label="Wachtwoord"
                type="password"
                autoComplete="new-password"
                maxLength={128}
                aria-required
                hint="Minimaal 6 tekens. Je ontvangt een e-mail om je account te bevestigen."
                {...text(wizard, "password")}
              />
            ) : null}
          </div>
        )}
        {!signedIn && !wantsAccount ? <input type="hidden" name="password" value="" /> : null}
        {signedIn ? (
          <>
            <input type="hidden" name="createAccount" value="" />
            <input type="hidden" name="password" value="" />
          </>
        ) : null}
        <StepButtons primary={{ label: "Volgende", intent: "customer" }} />
      </StepForm>
    </section>
  );
}

export function ShippingStep({
  wizard,
  onSubmit,
}: {
  wizard: Wizard;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { setValue } = wizard;
  const lookup = useAddressLookup(wizard.values.postalCode, wizard.values.houseNumber, (found) => {
    setValue("address", found.street);
    setValue("city", found.city);
  });
  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading step={2} />
      <StepForm onSubmit={onSubmit} label={CHECKOUT_STEPS[1]}>
        <CarriedFields wizard={wizard} except={SHIPPING_OWN} />
        {/* Postcode and number first: with JavaScript they fill street and city in (ADR 0045). */}
        <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
          <CheckoutInput
            name="postalCode"
            label="Postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            maxLength={7}
            aria-required
            className="col-span-2 sm:col-span-1"
            {...text(wizard, "postalCode")}
          />
          <CheckoutInput
            name="houseNumber"
            label="Huisnummer"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            aria-required
            {...text(wizard, "houseNumber")}
          />
          <CheckoutInput
            name="houseNumberAddition"
            label="Toevoeging"
            autoComplete="off"
            maxLength={10}
            hint="Optioneel"
            {...text(wizard, "houseNumberAddition")}
          />
        </div>
        <AddressLookupStatus state={lookup} id="checkout-adres-zoeken" />
        <div className="grid gap-5 sm:grid-cols-2">
          <CheckoutInput
            name="address"
            label="Adres"
            autoComplete="address-line1"
            maxLength={200}
            aria-required
            hint="Straatnaam"
            {...text(wizard, "address")}
          />
          <CheckoutInput
            name="city"
            label="Plaats"
            autoComplete="address-level2"
            maxLength={100}
            aria-required
            {...text(wizard, "city")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fieldId("country")}>Land</Label>
          <Input id={fieldId("country")} value={COUNTRY} disabled readOnly aria-describedby="checkout-land-uitleg" />
          <p id="checkout-land-uitleg" className="text-xs text-muted">
            We bezorgen alleen in Nederland.
          </p>
        </div>
        {wizard.signedIn ? (
          <CheckoutCheckbox
            name="saveInfo"
            label="Gegevens opslaan voor een volgende keer"
            checked={wizard.values.saveInfo === "on"}
            onChange={(checked) => wizard.setValue("saveInfo", checked ? "on" : "")}
          />
        ) : (
          <input type="hidden" name="saveInfo" value="" />
        )}
        <StepButtons
          primary={{ label: "Volgende", intent: "shipping" }}
          back={() => wizard.back(1)}
          backIntent="back-1"
        />
      </StepForm>
    </section>
  );
}

export function ReviewStep({
  wizard,
  quote,
  busy,
  onSubmit,
}: {
  wizard: Wizard;
  quote: QuoteView | null;
  busy: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { values } = wizard;
  const name = `${values.firstName.trim()} ${values.lastName.trim()}`;
  const street = [values.address.trim(), values.houseNumber.trim(), values.houseNumberAddition.trim()]
    .filter(Boolean)
    .join(" ");
  const blocked = !quote || !quote.sellable;
  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading step={3} />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <ReviewBlock title="Klantgegevens" onEdit={() => wizard.back(1)}>
          <p>{name}</p>
          <p className="break-all">{values.email.trim()}</p>
          {values.phone.trim() ? <p>{values.phone.trim()}</p> : null}
          {!wizard.signedIn && values.createAccount === "on" ? <p>Er wordt een account aangemaakt.</p> : null}
        </ReviewBlock>
        <ReviewBlock title="Verzendadres" onEdit={() => wizard.back(2)}>
          <p>{name}</p>
          <p>{street}</p>
          <p>{`${normalizePostcode(values.postalCode)} ${values.city.trim()}`}</p>
          <p>{COUNTRY}</p>
        </ReviewBlock>
      </div>

      <div className="mt-6 rounded-lg border border-line p-4">
        <h3 className="font-semibold text-ink">Je bestelling</h3>
        {quote ? (
          <>
            <SummaryLines lines={quote.lines} />
            {!quote.sellable ? <CartProblemNotice /> : null}
            <div className="mt-2 border-t border-line pt-3">
              <SummaryTotals quote={quote} />
            </div>
          </>
        ) : (
          <p className="mt-2 text-sm text-muted">Prijzen worden berekend…</p>
        )}
      </div>

      <div className="mt-6">
        <h3 className="font-semibold text-ink">Betaalmethode</h3>
        <p className="mt-1 text-sm text-muted">Je kiest op de volgende, beveiligde pagina hoe je betaalt.</p>
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Betaalmethoden">
          <li className="flex items-center gap-2 rounded-md border border-line bg-white px-3 py-2 text-sm font-medium">
            <Landmark aria-hidden className="size-5 text-[#cc0066]" />
            iDEAL
          </li>
          <li className="flex items-center gap-2 rounded-md border border-line bg-white px-3 py-2 text-sm font-medium">
            <CreditCard aria-hidden className="size-5 text-brand-700" />
            Creditcard
          </li>
        </ul>
      </div>

      {/*
        A real document POST: the answer is a 303 to the payment provider's page (another site for
        Stripe), and a refused order comes back as the page with its message.
      */}
      <Form
        method="post"
        reloadDocument
        noValidate
        onSubmit={onSubmit}
        aria-label="Bestelling plaatsen"
        className="mt-6 space-y-4"
      >
        <CarriedFields wizard={wizard} except={[]} />
        <p className="text-sm text-muted">
          {"Je hebt 14 dagen bedenktijd; lees onze "}
          <a href="/terms" className="font-medium text-brand-700 underline">
            algemene voorwaarden
          </a>
          {" en het "}
          <a href="/terms#herroeping" className="font-medium text-brand-700 underline">
            herroepingsrecht
          </a>
          .
        </p>
        <StepButtons
          primary={{
            label: busy ? "Bezig met doorsturen naar betalen..." : "Bestelling met betalingsverplichting",
            intent: "place",
            disabled: blocked,
            // Not `disabled` while busy: a disabled submitter would drop out of the very post it sends.
            busy,
            icon: <Lock aria-hidden />,
            accent: true,
          }}
          back={() => wizard.back(2)}
          backIntent="back-2"
        />
      </Form>
    </section>
  );
}

function ReviewBlock({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4 text-sm text-ink">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <Button type="button" variant="link" size="sm" onClick={onEdit} className="px-0">
          <Pencil aria-hidden />
          Wijzigen<span className="sr-only"> {title.toLowerCase()}</span>
        </Button>
      </div>
      <div className="mt-2 space-y-0.5">{children}</div>
    </div>
  );
}

/**
 * The step's buttons, primary first in the markup: Enter in a field submits the step (the browser
 * takes the first submit button), and the visual order matches the tab order.
 */
function StepButtons({
  primary,
  back,
  backIntent,
}: {
  primary: { label: string; intent: string; disabled?: boolean; busy?: boolean; icon?: ReactNode; accent?: boolean };
  back?: () => void;
  backIntent?: string;
}) {
  return (
    <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center">
      <Button
        type="submit"
        name="intent"
        value={primary.intent}
        variant={primary.accent ? "accent" : "default"}
        size="lg"
        disabled={primary.disabled}
        aria-disabled={primary.disabled || primary.busy || undefined}
        className={primary.busy ? "w-full cursor-progress opacity-70 sm:w-auto" : "w-full sm:w-auto"}
      >
        {primary.icon}
        {primary.label}
      </Button>
      {back ? (
        <Button
          type="submit"
          name="intent"
          value={backIntent}
          formNoValidate
          variant="outline"
          size="lg"
          className="w-full sm:w-auto"
          onClick={(event) => {
            // With JavaScript the wizard goes back in place; without it this posts the step back.
            event.preventDefault();
            back();
          }}
        >
          Terug
        </Button>
      ) : null}
    </div>
  );
}
