// The postcode lookup's server entry (issue 30 item 14; ADR 0045).
export { answerLookup, ADDRESS_LOOKUP_RATE_LIMIT, type LookupReply } from "./answer-lookup.server";
export { getAddressLookup, type AddressLookup } from "./address-lookup.server";
