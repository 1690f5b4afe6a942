import type { Db } from "~/db/client.server";
import { hitRateLimit } from "~/domain/security/rate-limit.server";
import { AUTH_TEXT } from "./credentials";

/**
 * Rate limits of the account forms, counted in Postgres (shared by every app instance). Each action
 * is limited per client address (one machine trying many accounts) and per e-mail address (many
 * machines trying one account, or flooding one inbox). Every attempt counts, successful or not.
 *
 * | action          | per IP         | per e-mail     | why                                          |
 * |-----------------|----------------|----------------|----------------------------------------------|
 * | sign-in         | 20 / 15 min    | 10 / 15 min    | password guessing; a household shares an IP   |
 * | sign-up         | 5 / hour       | 3 / hour       | account spam, mail to strangers               |
 * | resend          | 5 / hour       | 3 / hour       | mail flooding                                 |
 * | reset-request   | 5 / hour       | 3 / hour       | mail flooding                                 |
 * | reset-password  | 10 / 15 min    | —              | token guessing (24 random characters anyway)  |
 */
export const AUTH_LIMITS = {
  "sign-in": { perIp: 20, perEmail: 10, windowSeconds: 15 * 60 },
  "sign-up": { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  resend: { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  "reset-request": { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  "reset-password": { perIp: 10, perEmail: 0, windowSeconds: 15 * 60 },
} as const;

export type AuthLimitedAction = keyof typeof AUTH_LIMITS;

/** The Dutch answer to a refused attempt, naming the window the person has to wait. */
export function rateLimitMessage(action: AuthLimitedAction): string {
  return AUTH_LIMITS[action].windowSeconds <= 15 * 60 ? AUTH_TEXT.rateLimitedQuarter : AUTH_TEXT.rateLimitedHour;
}

/**
 * Counts one attempt; false when the client address or the e-mail address has used up its window.
 * The address is expected normalised (lower-case, trimmed), as the shared schema returns it.
 */
export async function allowAuthAttempt(
  db: Pick<Db, "execute">,
  action: AuthLimitedAction,
  subject: { ip: string; email?: string },
): Promise<boolean> {
  const policy = AUTH_LIMITS[action];
  const byIp = await hitRateLimit(db, {
    key: `auth:${action}:ip:${subject.ip}`,
    limit: policy.perIp,
    windowSeconds: policy.windowSeconds,
  });
  if (!byIp.allowed) return false;
  if (subject.email === undefined || policy.perEmail === 0) return true;
  const byEmail = await hitRateLimit(db, {
    key: `auth:${action}:email:${subject.email}`,
    limit: policy.perEmail,
    windowSeconds: policy.windowSeconds,
  });
  return byEmail.allowed;
}
