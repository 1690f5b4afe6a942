export { getCustomerServiceEmail, isMaintenanceMode } from "./site-settings.server";
