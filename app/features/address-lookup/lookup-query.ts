/**
 * What the postcode lookup asks for, shared by the forms (whether to ask yet) and the server (whether
 * to ask PDOK at all): a postcode by the spec's rule and a house number as the BAG numbers them.
 * Plain module without zod or React: it travels in the checkout's and the profile's chunks.
 */

/** The spec's Dutch postcode (spec 1 §5): four digits not starting with 0, two letters but SA, SD, SS. */
const POSTCODE = /^([1-9][0-9]{3}) ?(?!SA|SD|SS)([A-Z]{2})$/i;

/** A BAG house number is 1–99999; a shopper may type the letter or addition behind it ("12a", "12-2"). */
const HOUSE_NUMBER = /^([1-9][0-9]{0,4})(?![0-9])/;

export type LookupQuery = {
  /** "1234AB": how PDOK writes it. */
  postcode: string;
  /** "12": digits only. */
  houseNumber: string;
};

/** The query for what a shopper typed, or null while postcode or house number are not complete. */
export function lookupQuery(postcode: string, houseNumber: string): LookupQuery | null {
  const code = POSTCODE.exec(postcode.trim());
  const number = HOUSE_NUMBER.exec(houseNumber.trim());
  if (!code || !number) return null;
  return { postcode: `${code[1]}${code[2]!.toUpperCase()}`, houseNumber: number[1]! };
}

/** The endpoint's query parameters (the forms' script and the server read the same names). */
export const LOOKUP_PARAMS = { postcode: "postcode", houseNumber: "huisnummer" } as const;

export const LOOKUP_PATH = "/api/adres";

/** The endpoint's answer: the address when the register knows it, else null (the shopper types it). */
export type LookupAnswer = { address: { street: string; city: string } | null };
