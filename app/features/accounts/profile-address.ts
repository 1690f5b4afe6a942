import { shippingSchema } from "~/features/cart-checkout/address";
import { formStrings, validateFields, type FieldErrors } from "~/shared/forms/form-validation";

/**
 * The profile's address (issue 30 item 14): the one checkout starts from, with the checkout's
 * shipping rules and messages (spec 1 §5), so what the profile stores the checkout accepts.
 */
export const ADDRESS_FIELDS = ["postalCode", "houseNumber", "houseNumberAddition", "address", "city"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type AddressErrors = FieldErrors<AddressField>;

export const profileAddressSchema = shippingSchema.omit({ saveInfo: true });

export const ADDRESS_MESSAGES = {
  saved: "Adres opgeslagen",
  saveError: "Je adres kon niet worden opgeslagen",
  checkFields: "Controleer de gemarkeerde velden.",
  failed: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
} as const;

/** The intent of the address form's post (the profile form posts none). */
export const ADDRESS_INTENT = "address";

export const EMPTY_ADDRESS: AddressValues = {
  postalCode: "",
  houseNumber: "",
  houseNumberAddition: "",
  address: "",
  city: "",
};

export function addressValuesFrom(form: FormData): AddressValues {
  return formStrings(form, ADDRESS_FIELDS);
}

export function validateProfileAddress(values: AddressValues) {
  return validateFields<ReturnType<typeof profileAddressSchema.parse>, AddressField>(profileAddressSchema, values);
}
