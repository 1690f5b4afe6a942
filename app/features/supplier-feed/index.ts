// Client-safe public entry of the supplier feed: what the admin's run report shows.
export type { DeactivationHold } from "./deactivation-hold";
// Where the admin's feed file is posted (server/app.ts gives that path its own body limit).
export { FEED_UPLOAD_PATH } from "./feed-form";
