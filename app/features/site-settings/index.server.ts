/** The settings the shop reads on every request: the customer service address, maintenance mode. */
export { getCustomerServiceEmail, isMaintenanceMode } from "./site-settings.server";
