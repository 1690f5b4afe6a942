// The maintenance screen, loaded on demand (import("~/features/content/lazy") in app/root.tsx): shown
// only while maintenance mode is on, so it is not worth a place in every page's JavaScript.
export { MaintenanceScreen } from "./maintenance-screen";
