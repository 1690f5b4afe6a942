/** Creating or promoting an admin account (`npm run admin:create`, the demo's seed). */
export { createOrPromoteAdmin } from "./admin-accounts.server";
