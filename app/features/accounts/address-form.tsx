import { FormNotices } from "./form-notices";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Button } from "~/shared/ui/button";
import { Card } from "~/shared/ui/card";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { COUNTRY } from "~/features/cart-checkout/address";
import {
  ADDRESS_FIELDS,
  ADDRESS_INTENT,
  ADDRESS_MESSAGES,
  addressValuesFrom,
  validateProfileAddress,
  type AddressErrors,
  type AddressField,
  type AddressValues,
} from "./profile-address";
import { AddressLookupStatus, useAddressLookup } from "~/features/address-lookup";
import { useRootData } from "~/shared/page/root-data";

/** What the action answers when it did not save the address. */
export type AddressFormResult = { values: AddressValues; errors: AddressErrors; formError: string; detail: string };

/**
 * The profile's address (issue 30 item 14): the default address checkout starts from. A plain POST
 * that works without JavaScript; with it, postcode + house number fill street and city (ADR 0045),
 * which stay editable, and the checkout's rules check the form before it is sent.
 */
export function AddressForm({
  saved,
  result,
  action,
}: {
  saved: AddressValues;
  result: AddressFormResult | undefined;
  action: "/profile" | "/account";
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === ADDRESS_INTENT;
  const [values, setValues] = useState<AddressValues>(result?.values ?? saved);
  const [clientErrors, setClientErrors] = useState<AddressErrors | null>(null);
  const errors = clientErrors ?? result?.errors ?? {};
  const failed = clientErrors
    ? { formError: ADDRESS_MESSAGES.saveError, detail: ADDRESS_MESSAGES.checkFields }
    : result;

  // With JavaScript the root shows the flash as a toast; without it, the same words here.
  const flash = useRootData()?.flash;
  const hydrated = useHydrated();
  const savedNow = !hydrated && !failed && flash?.kind === "success" && flash.title === ADDRESS_MESSAGES.saved;

  // What a shopper typed before the page's script ran is in the fields but not yet in the state: take
  // it over once, so the lookup and the checks see what is on the screen.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = addressValuesFrom(new FormData(form));
    setValues((prev) => (ADDRESS_FIELDS.some((f) => typed[f] !== prev[f]) ? typed : prev));
  }, []);

  const set = (field: AddressField, value: string) => setValues((prev) => ({ ...prev, [field]: value }));
  const lookup = useAddressLookup(values.postalCode, values.houseNumber, (found) =>
    setValues((prev) => ({ ...prev, address: found.street, city: found.city })),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = validateProfileAddress(addressValuesFrom(new FormData(event.currentTarget)));
    if (checked.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    const first = Object.keys(checked.errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const field = (name: AddressField) => ({
    id: `adres-${name}`,
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.value),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `adres-${name}-fout` : undefined,
  });

  return (
    <Card className="mt-6 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">Bezorgadres</h2>
      <p className="mt-1 text-sm text-muted">
        Hier begint je volgende bestelling mee; bij het afrekenen kun je het nog wijzigen.
      </p>
      <FormNotices saved={savedNow ? ADDRESS_MESSAGES.saved : null} failed={failed} />
      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        aria-label="Bezorgadres"
        className="mt-5 space-y-5"
      >
        <input type="hidden" name="intent" value={ADDRESS_INTENT} />
        <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
          <AddressField
            name="postalCode"
            label="Postcode"
            error={errors.postalCode}
            className="col-span-2 sm:col-span-1"
          >
            <Input {...field("postalCode")} autoComplete="postal-code" autoCapitalize="characters" maxLength={7} />
          </AddressField>
          <AddressField name="houseNumber" label="Huisnummer" error={errors.houseNumber}>
            <Input {...field("houseNumber")} inputMode="numeric" autoComplete="off" maxLength={10} />
          </AddressField>
          <AddressField name="houseNumberAddition" label="Toevoeging" error={errors.houseNumberAddition}>
            <Input {...field("houseNumberAddition")} autoComplete="off" maxLength={10} />
          </AddressField>
        </div>
        <AddressLookupStatus state={lookup} id="adres-zoeken" />
        <div className="grid gap-5 sm:grid-cols-2">
          <AddressField name="address" label="Adres" error={errors.address}>
            <Input {...field("address")} autoComplete="address-line1" maxLength={200} />
          </AddressField>
          <AddressField name="city" label="Plaats" error={errors.city}>
            <Input {...field("city")} autoComplete="address-level2" maxLength={100} />
          </AddressField>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="adres-land">Land</Label>
          <Input id="adres-land" value={COUNTRY} disabled readOnly />
        </div>
        <Button type="submit" size="lg" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Bezig met opslaan..." : "Adres opslaan"}
        </Button>
      </Form>
    </Card>
  );
}

function AddressField({
  name,
  label,
  error,
  className,
  children,
}: {
  name: AddressField;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `space-y-1.5 ${className}` : "space-y-1.5"}>
      <Label htmlFor={`adres-${name}`}>{label}</Label>
      {children}
      {error ? (
        <p id={`adres-${name}-fout`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
