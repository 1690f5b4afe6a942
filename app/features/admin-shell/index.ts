export { adminTabPath, findAdminTab } from "./admin-tabs";
