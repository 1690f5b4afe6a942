/**
 * The account pages' frame (the Profiel / Bestellingen tabs), also for the orders page: an entry of its
 * own, so that page does not load the sign-in and profile forms index.ts brings.
 */
export { AccountShell, type AccountSection } from "./account-shell";
