/** The admin's tabs, for pages that link to one (the /admin layout route is admin.route.tsx). */
export { adminTabPath, findAdminTab } from "./admin-tabs";
