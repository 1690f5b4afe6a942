// Client-safe public entry of "Mail me als het weer leverbaar is": the texts and the form's answer.
export { STOCK_ALERT_TEXT, type StockAlertActionData } from "./stock-alert-schema";
