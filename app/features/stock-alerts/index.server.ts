// Server services of the back-in-stock mails: the queue that sends them (registered with the workers).
export { STOCK_ALERT_QUEUE, stockAlertQueue } from "./stock-alerts.server";
