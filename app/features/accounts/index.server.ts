/** Accounts: the server side the rest of the app may use (better-auth, the session, sign-up, profiles). */
export { requireAccountViewer } from "./account-pages.http.server";
export { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, type Auth } from "./auth.server";
export { getProfile } from "./profile.server";
export { signUp } from "./sign-up.server";
export { type SessionDeps, adminGuard, getViewer, requireAdmin } from "./viewer.http.server";
