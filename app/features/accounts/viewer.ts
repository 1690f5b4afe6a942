import type { UserRole } from "~/db/schema/index";

/** The signed-in person as pages, actions and services see them (looked up by viewer.http.server.ts). */
export type Viewer = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  isAdmin: boolean;
  emailVerified: boolean;
  /** A Strava user who has not yet given (and confirmed) a real e-mail address. */
  needsEmail: boolean;
  sessionId: string;
};
