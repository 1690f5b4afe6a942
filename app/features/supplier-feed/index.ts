// Client-safe public entry of the supplier feed: what the admin's run report shows.
export type { DeactivationHold } from "./deactivation-hold";
