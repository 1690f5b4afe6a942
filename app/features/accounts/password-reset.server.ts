import { and, eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/index";
import type { Client } from "~/shared/security/rate-limit.server";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { allowAuthAttempt, rateLimitMessage } from "./auth-limits.server";
import type { Auth, AuthServices } from "./auth.server";
import { AUTH_TEXT } from "./credentials";

/** The page the reset link lands on (better-auth appends ?token=… or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = "/wachtwoord-herstellen";

export type ResetRequestResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * "Wachtwoord vergeten?": a one-hour, one-time link by mail when the address has an account, and
 * the same answer when it has none.
 */
export async function requestPasswordReset(
  db: Db,
  deps: AuthServices,
  email: string,
  client: Client,
): Promise<ResetRequestResult> {
  if (!(await allowAuthAttempt(db, "reset-request", { ip: client.clientIp, email }))) {
    return { ok: false, status: 429, message: rateLimitMessage("reset-request") };
  }
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PATH } });
  } catch (error) {
    deps.logger.error({ err: error }, "password reset request failed");
    return { ok: false, status: 500, message: AUTH_TEXT.serverError };
  }
  return { ok: true, message: AUTH_TEXT.resetRequestAnswer };
}

const identifier = (token: string) => `reset-password:${token}`;

/** The user a still-valid reset token belongs to, or null (unknown, used or expired). */
async function resetTokenOwner(deps: { auth: Auth }, token: string): Promise<string | null> {
  if (!token || token.length > 200 || hasInvalidCharacters(token)) return null;
  const ctx = await deps.auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(token));
  if (!row || new Date(row.expiresAt) < new Date()) return null;
  return row.value;
}

/** For the page: show the form only while the link still works. */
export async function isResetTokenValid(deps: { auth: Auth }, token: string): Promise<boolean> {
  return (await resetTokenOwner(deps, token)) !== null;
}

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; reason: "invalid-token" | "rate-limited" | "unexpected"; status: number; message: string };

/**
 * Sets the new password and uses up the token; better-auth then deletes all of the user's sessions
 * (revokeSessionsOnPasswordReset). Opening the mailed link proves the address is theirs, so an
 * account that was never confirmed counts as confirmed from now on.
 */
export async function resetPassword(
  db: Db,
  deps: AuthServices,
  input: { token: string; newPassword: string },
  client: Client,
): Promise<ResetPasswordResult> {
  const { token, newPassword } = input;
  if (!(await allowAuthAttempt(db, "reset-password", { ip: client.clientIp }))) {
    return { ok: false, reason: "rate-limited", status: 429, message: rateLimitMessage("reset-password") };
  }
  const invalid = {
    ok: false,
    reason: "invalid-token",
    status: 400,
    message: AUTH_TEXT.resetTokenInvalid,
  } as const;
  try {
    const userId = await resetTokenOwner(deps, token);
    if (!userId) return invalid;
    await deps.auth.api.resetPassword({ body: { newPassword, token } });
    await db
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)));
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && (error.body?.code === "INVALID_TOKEN" || error.body?.code === "USER_NOT_FOUND")) {
      return invalid;
    }
    deps.logger.error({ err: error }, "password reset failed");
    return { ok: false, reason: "unexpected", status: 500, message: AUTH_TEXT.serverError };
  }
}
