/**
 * The shipping address's rules alone (the account's address form): a light entry, since index.ts
 * also carries the coupon field and the VAT arithmetic, which the account pages would then load.
 */
export { COUNTRY, shippingSchema } from "./checkout-schema";
