import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema/index";
import { enqueueMail } from "~/features/mail/index.server";
import { resetPasswordMail, verifyEmailMail } from "~/features/mail-templates/index.server";
import type { Logger } from "~/shared/logging/logger.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./credentials";
import { isStravaPlaceholderEmail, stravaProvider } from "./strava.server";

export const AUTH_BASE_PATH = "/api/auth";
// One source for the password bounds: the forms' shared schema (credentials.ts) checks the same ones.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** The header server/app.ts fills with Express's view of the client address (proxies trusted from loopback). */
export const CLIENT_IP_HEADER = "x-trapkracht-client-ip";
/** Thrown by the session hook when an inactive user tries to sign in. */
export const ACCOUNT_INACTIVE = "ACCOUNT_INACTIVE";

export type AuthDeps = { db: Db; config: Config; logger: Logger };

/**
 * The one better-auth instance of an app: e-mail + password with verification, database sessions
 * (no cookie cache, so a deactivation or sign-out elsewhere counts on the very next request) and
 * Strava through the generic OAuth plugin. Mail goes through the outbox.
 */
export function createAuth({ db, config, logger }: AuthDeps) {
  if (!config.authSecret) throw new Error("AUTH_SECRET ontbreekt (zie ensureAuthSecret)");
  return betterAuth({
    appName: "Trapkracht",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "customer", required: false },
        isActive: { type: "boolean", input: false, defaultValue: true, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await enqueueMail(db, { kind: "password-reset", to: user.email, ...resetPasswordMail(url) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Resending is an explicit, rate-limited action of ours; sign-in only reports the state.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // A first Strava sign-in "signs up" with a placeholder under .invalid: nothing to send there.
        if (isStravaPlaceholderEmail(user.email)) return;
        await enqueueMail(db, { kind: "email-verification", to: user.email, ...verifyEmailMail(url) });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Linking by e-mail stays off: a Strava login joins an existing account only through the
    // confirmed e-mail claim (strava-email.server.ts). Strava's tokens are never used after sign-in;
    // encrypted, a database leak does not hand them out.
    account: { accountLinking: { enabled: false }, encryptOAuthTokens: true },
    // Our own Postgres rate limits guard the forms (see auth-limits.server.ts); the HTTP handler
    // only serves link targets (verification, reset, OAuth callback).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "trapkracht",
      useSecureCookies: config.publicUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [user] = await db
              .select({ isActive: users.isActive })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            if (!user?.isActive) {
              throw new APIError("FORBIDDEN", { code: ACCOUNT_INACTIVE, message: ACCOUNT_INACTIVE });
            }
          },
        },
      },
    },
    // OAuth failures that carry no per-flow error URL (a missing or unknown state) end on our own
    // callback page too, instead of better-auth's /error page (which is not served).
    onAPIError: { errorURL: `${config.publicUrl}/auth/callback` },
    plugins: [genericOAuth({ config: config.strava ? [stravaProvider(config.strava)] : [] })],
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const fn = level === "error" ? logger.error.bind(logger) : logger.warn.bind(logger);
        fn({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the auth services use besides the database: better-auth itself and the log. */
export type AuthServices = { auth: Auth; logger: Logger };
