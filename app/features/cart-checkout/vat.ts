/**
 * The VAT arithmetic alone (refunds, the VAT return, the order mails and summaries): a light entry,
 * since index.ts also carries the shipping address's rules and the coupon field, which those pages
 * would then load.
 */
export { allocate, vatIncludedCents, type VatLine } from "./pricing";
