/**
 * The shop's legal identity as shown on the about, privacy and terms pages (the law requires name,
 * address, Chamber of Commerce and VAT numbers). One place, so a change of address is one edit.
 */
export const COMPANY = {
  tradeName: "Trapkracht",
  legalName: "Trapkracht B.V.",
  street: "Spoorlaan 12",
  postcode: "3511 AB",
  city: "Utrecht",
  country: "Nederland",
  kvk: "12345678",
  vat: "NL123456789B01",
  email: "klantenservice@trapkracht.nl",
} as const;

export const COMPANY_ADDRESS = `${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}`;
