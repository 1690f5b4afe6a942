import type { Db } from "~/db/client.server";
import { clientNetwork } from "~/shared/security/client-network";
import { countInWindow, hitRateLimit } from "~/shared/security/rate-limit.server";
import { AUTH_TEXT } from "./credentials";

/**
 * Rate limits of the account forms, counted in Postgres (shared by every app instance). Each action
 * is limited per client address (one machine trying many accounts) and per e-mail address (many
 * machines trying one account, or flooding one inbox). Every attempt counts, successful or not.
 *
 * | action          | per IP         | per e-mail              | why                                      |
 * |-----------------|----------------|-------------------------|------------------------------------------|
 * | sign-in         | 20 / 15 min    | 10 / 15 min per network | password guessing; plus SIGN_IN_BACKOFF  |
 * | sign-up         | 5 / hour       | 3 / hour                | account spam, mail to strangers          |
 * | resend          | 5 / hour       | 3 / hour                | mail flooding                            |
 * | reset-request   | 5 / hour       | 3 / hour                | mail flooding                            |
 * | reset-password  | 10 / 15 min    | —                       | token guessing (24 random characters)    |
 *
 * Sign-in is the one where a per-address wall would be a weapon: ten wrong passwords from anywhere
 * would lock the real owner out (ASVS V2.2.1 asks for anti-automation that does not allow that). So
 * its per-e-mail count is kept per account AND client network (IPv4 /24, IPv6 /64): a stranger
 * walls off only their own network. Across all networks, failed sign-ins only slow the account
 * down (SIGN_IN_BACKOFF); the right password still gets in.
 */
export const AUTH_LIMITS = {
  "sign-in": { perIp: 20, perEmail: 10, windowSeconds: 15 * 60 },
  "sign-up": { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  resend: { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  "reset-request": { perIp: 5, perEmail: 3, windowSeconds: 60 * 60 },
  "reset-password": { perIp: 10, perEmail: 0, windowSeconds: 15 * 60 },
} as const;

/**
 * The account-wide back-off: after `freeFailures` failed sign-ins in the window (from any network),
 * every attempt on the account waits `firstDelayMs`, doubling per further failure up to
 * `maxDelayMs`, before its password is checked (right or wrong alike, so the wait tells nothing).
 * A guesser spread over many networks gets a few attempts a minute per connection; the owner
 * waits a few seconds once.
 */
export const SIGN_IN_BACKOFF = { freeFailures: 10, firstDelayMs: 1000, maxDelayMs: 8000, windowSeconds: 15 * 60 };

/** The wait before checking a password, given the account's failed sign-ins in the window. */
export function signInDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_BACKOFF;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 16));
}

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
  action: Exclude<AuthLimitedAction, "sign-in">,
  subject: { ip: string; email?: string },
): Promise<boolean> {
  const policy = AUTH_LIMITS[action];
  if (!(await allowedFromIp(db, action, subject.ip))) return false;
  if (subject.email === undefined || policy.perEmail === 0) return true;
  const byEmail = await hitRateLimit(db, {
    key: `auth:${action}:email:${subject.email}`,
    limit: policy.perEmail,
    windowSeconds: policy.windowSeconds,
  });
  return byEmail.allowed;
}

async function allowedFromIp(db: Pick<Db, "execute">, action: AuthLimitedAction, ip: string): Promise<boolean> {
  const policy = AUTH_LIMITS[action];
  const byIp = await hitRateLimit(db, {
    key: `auth:${action}:ip:${ip}`,
    limit: policy.perIp,
    windowSeconds: policy.windowSeconds,
  });
  return byIp.allowed;
}

/**
 * Counts one sign-in attempt against the client address and the account from the client's network.
 * Refused: wait out the window. Allowed: wait `delayMs` (the account's back-off) before checking
 * the password.
 */
export async function allowSignInAttempt(
  db: Pick<Db, "execute">,
  subject: { ip: string; email: string },
): Promise<{ allowed: false } | { allowed: true; delayMs: number }> {
  const policy = AUTH_LIMITS["sign-in"];
  if (!(await allowedFromIp(db, "sign-in", subject.ip))) return { allowed: false };
  const fromNetwork = await hitRateLimit(db, {
    key: `auth:sign-in:email-net:${subject.email}:${clientNetwork(subject.ip)}`,
    limit: policy.perEmail,
    windowSeconds: policy.windowSeconds,
  });
  if (!fromNetwork.allowed) return { allowed: false };
  const failures = await countInWindow(db, {
    key: signInFailuresKey(subject.email),
    windowSeconds: SIGN_IN_BACKOFF.windowSeconds,
  });
  return { allowed: true, delayMs: signInDelayMs(failures) };
}

/** A wrong password (or unknown address) for this account: feeds the account-wide back-off. */
export async function recordSignInFailure(db: Pick<Db, "execute">, email: string): Promise<void> {
  await hitRateLimit(db, {
    key: signInFailuresKey(email),
    limit: Number.MAX_SAFE_INTEGER,
    windowSeconds: SIGN_IN_BACKOFF.windowSeconds,
  });
}

const signInFailuresKey = (email: string) => `auth:sign-in:failures:${email}`;
