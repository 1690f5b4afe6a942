export { createOrPromoteAdmin } from "./admin-accounts.server";
