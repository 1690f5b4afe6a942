/**
 * Accounts (brief §3, issue 32 item 1): sign-in, sign-up, Strava, password reset, the session
 * (viewer.http.server.ts) and the shopper's profile. What components and
 * pages may use; server code is in index.server.ts, the login dialog on demand in lazy.ts.
 */
export { loginSchema } from "./credentials";
export { fullName, profileSchema } from "./profile-schema";
export { type Viewer } from "./viewer";
