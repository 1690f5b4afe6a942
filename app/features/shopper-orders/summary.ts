/** An order's totals and parcel address as lines, for the order mails and the admin's customer page. */
export { orderTotalRows, parcelAddressLines, type OrderAddress, type TotalRow } from "./order-summary";
