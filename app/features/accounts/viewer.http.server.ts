import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { sessions, type UserRole } from "~/db/schema/index";
import { redirectWithFlash, type FlashConfig } from "~/shared/actions/flash.server";
import type { Logger } from "~/shared/logging/logger.server";
import type { Auth } from "./auth.server";
import { isStravaPlaceholderEmail } from "./strava.server";
import type { Viewer } from "./viewer";

/*
 * HTTP adapter (docs/architecture.md "Layers"): who is asking, read from the request's session
 * cookie. Route modules, other HTTP adapters and the server use it; domain services get the Viewer.
 */

/** What looking up the session needs: better-auth, the database (to drop a deactivated user's sessions), the log. */
export type SessionDeps = { auth: Auth; db: Db; logger: Logger };

/** requireAdmin also answers with a flash cookie, which needs the shop's URL. */
export type AdminDeps = SessionDeps & { config: FlashConfig };

const perRequest = new WeakMap<Request, Promise<Viewer | null>>();

/** Guests carry no session cookie: they cost no database lookup at all. */
function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("cookie") ?? "").includes("session_token=");
}

/**
 * The viewer of this request, looked up once per request (root, layout and page loaders share it).
 * Read from the database on every request, so a deactivation or sign-out counts at once. A failing
 * lookup is logged and treated as "not signed in" (spec 2 §7.5: not admin).
 */
export function getViewer(request: Request, deps: SessionDeps): Promise<Viewer | null> {
  let viewer = perRequest.get(request);
  if (!viewer) {
    viewer = lookUpViewer(request, deps);
    perRequest.set(request, viewer);
  }
  return viewer;
}

async function lookUpViewer(request: Request, { auth, db, logger }: SessionDeps): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  try {
    const result = await auth.api.getSession({ headers: request.headers });
    if (!result) return null;
    const { user, session } = result;
    if (!user.isActive) {
      // Deactivation already deletes sessions; this catches any created in a race with it.
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      return null;
    }
    const role: UserRole = user.role === "admin" ? "admin" : "customer";
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      isAdmin: role === "admin",
      emailVerified: user.emailVerified,
      needsEmail: isStravaPlaceholderEmail(user.email),
      sessionId: session.id,
    };
  } catch (error) {
    logger.error({ err: error }, "session lookup failed");
    return null;
  }
}

/** For pages that need a session: without one the shopper goes to / (spec 1 §6). */
export async function requireViewer(request: Request, deps: SessionDeps): Promise<Viewer> {
  const viewer = await getViewer(request, deps);
  if (!viewer) throw redirect("/");
  return viewer;
}

export const ACCESS_DENIED = {
  kind: "error",
  title: "Access Denied",
  description: "You must be logged in to access the admin dashboard",
} as const;

/** Every admin loader and action starts here; anyone else goes to / with the "Access Denied" toast. */
export async function requireAdmin(request: Request, deps: AdminDeps): Promise<Viewer> {
  const viewer = await getViewer(request, deps);
  if (!viewer?.isAdmin) throw redirectWithFlash(deps.config, "/", ACCESS_DENIED);
  return viewer;
}

/** The guard of an admin action: the admin check, and the actor the change record names. */
export async function adminGuard({ request, context }: { request: Request; context: AdminDeps }) {
  const viewer = await requireAdmin(request, context);
  return { viewer, actor: { id: viewer.id, email: viewer.email } };
}
