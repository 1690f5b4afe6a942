// The product page's back-in-stock form, loaded on demand (import("~/features/stock-alerts/lazy")):
// only a product that is out of stock shows it.
export { StockAlertForm } from "./stock-alert-form";
