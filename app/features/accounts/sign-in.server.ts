import type { Db } from "~/db/client.server";
import { allowAuthAttempt, allowSignInAttempt, rateLimitMessage, recordSignInFailure } from "./auth-limits.server";
import type { Client } from "~/shared/security/rate-limit.server";
import { ACCOUNT_INACTIVE, type AuthServices } from "./auth.server";
import { AUTH_TEXT, type LoginInput } from "./credentials";

/** Where the verification link sends the browser once better-auth has confirmed the address. */
export const VERIFIED_CALLBACK_URL = "/auth/callback?bevestigd=1";

export type SignInFailure = "invalid" | "unverified" | "inactive" | "rate-limited" | "unexpected";

export type SignInResult =
  { ok: true; setCookies: string[] } | { ok: false; reason: SignInFailure; status: number; message: string };

function failure(reason: SignInFailure, status: number, message: string): SignInResult {
  return { ok: false, reason, status, message };
}

/**
 * E-mail + password sign-in. The answers never tell whether an address has an account: a wrong
 * address and a wrong password get the same message (better-auth hashes the password for an unknown
 * address too, so the timing matches). "Not verified" and "deactivated" are only reachable with the
 * right password. The remember-me choice goes to better-auth: unticked, the cookie ends with the
 * browser session (spec 1 §5 says the original collected it without using it; we use it on purpose).
 * `client.headers` are the request's headers, handed on to better-auth as they are (it records the
 * user agent with the new session).
 */
export async function signIn(
  db: Db,
  deps: AuthServices,
  input: LoginInput,
  client: Client & { headers: Headers },
): Promise<SignInResult> {
  const attempt = await allowSignInAttempt(db, { ip: client.clientIp, email: input.email });
  if (!attempt.allowed) return failure("rate-limited", 429, rateLimitMessage("sign-in"));
  if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
  let response: Response;
  try {
    response = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: client.headers,
      asResponse: true,
    });
  } catch (error) {
    deps.logger.error({ err: error }, "sign-in failed unexpectedly");
    return failure("unexpected", 500, AUTH_TEXT.serverError);
  }
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };

  const code = await errorCode(response);
  if (response.status === 401 || code === "INVALID_EMAIL" || code === "PASSWORD_TOO_LONG") {
    await recordSignInFailure(db, input.email);
    return failure("invalid", 401, AUTH_TEXT.wrongCredentials);
  }
  if (code === "EMAIL_NOT_VERIFIED") return failure("unverified", 403, AUTH_TEXT.unverified);
  if (code === ACCOUNT_INACTIVE) return failure("inactive", 403, AUTH_TEXT.inactive);
  deps.logger.error({ status: response.status, code }, "sign-in refused with an unexpected answer");
  return failure("unexpected", 500, AUTH_TEXT.serverError);
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") return body.code;
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export type ResendResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * "Stuur bevestigingsmail opnieuw": a new link for an unverified address, nothing for a verified or
 * unknown one, and always the same answer. better-auth's endpoint (called without a session) already
 * pads its answer to a fixed minimum time, so the timing does not tell either.
 */
export async function resendVerification(
  db: Db,
  deps: AuthServices,
  email: string,
  client: Client,
): Promise<ResendResult> {
  if (!(await allowAuthAttempt(db, "resend", { ip: client.clientIp, email }))) {
    return { ok: false, status: 429, message: rateLimitMessage("resend") };
  }
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_URL } });
  } catch (error) {
    deps.logger.error({ err: error }, "resending the verification mail failed");
    return { ok: false, status: 500, message: AUTH_TEXT.serverError };
  }
  return { ok: true, message: AUTH_TEXT.resendAnswer };
}

export type SignOutResult = { ok: true; setCookies: string[] } | { ok: false };

/**
 * Ends the session the request's headers carry (better-auth deletes it in the database) and
 * clears the cookies.
 */
export async function signOut(deps: AuthServices, requestHeaders: Headers): Promise<SignOutResult> {
  try {
    const response = await deps.auth.api.signOut({ headers: requestHeaders, asResponse: true });
    if (!response.ok) {
      deps.logger.error({ status: response.status }, "sign-out refused");
      return { ok: false };
    }
    return { ok: true, setCookies: response.headers.getSetCookie() };
  } catch (error) {
    deps.logger.error({ err: error }, "sign-out failed");
    return { ok: false };
  }
}
