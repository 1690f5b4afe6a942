// The postcode lookup's client-safe entry (issue 30 item 14; ADR 0045): the forms' hook and status line.
export {
  AddressLookupStatus,
  LOOKUP_TEXT,
  useAddressLookup,
  type FoundAddress,
  type LookupState,
} from "./use-address-lookup";
export { lookupQuery, LOOKUP_PATH, LOOKUP_PARAMS, type LookupAnswer, type LookupQuery } from "./lookup-query";
