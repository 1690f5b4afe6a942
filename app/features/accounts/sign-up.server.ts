import { eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/index";
import { enqueueMail } from "~/features/mail/index.server";
import type { Client } from "~/shared/security/rate-limit.server";
import { accountExistsMail } from "~/features/mail-templates/index.server";
import { allowAuthAttempt, rateLimitMessage } from "./auth-limits.server";
import type { AuthServices } from "./auth.server";
import { AUTH_TEXT, type RegisterInput } from "./credentials";
import { VERIFIED_CALLBACK_URL } from "./sign-in.server";

/** Sign-up also mails a link to the login page, so it needs the shop's URL. */
export type SignUpServices = AuthServices & { config: Pick<Config, "publicUrl"> };

export type SignUpResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Registration with e-mail + password. The account starts unverified and better-auth puts the
 * confirmation mail in the outbox. An address that already has an account gets exactly the same
 * answer (no account enumeration); its owner receives a "you already have an account" mail instead.
 */
export async function signUp(
  db: Db,
  deps: SignUpServices,
  input: RegisterInput,
  client: Client,
): Promise<SignUpResult> {
  if (!(await allowAuthAttempt(db, "sign-up", { ip: client.clientIp, email: input.email }))) {
    return { ok: false, status: 429, message: rateLimitMessage("sign-up") };
  }
  try {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) {
      await enqueueMail(db, {
        kind: "account-exists",
        to: input.email,
        ...accountExistsMail(`${deps.config.publicUrl}/login`),
      });
    }
    // Also for an existing address: better-auth then hashes the password and answers with a made-up
    // user, so both paths do the same expensive work.
    await deps.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: "", callbackURL: VERIFIED_CALLBACK_URL },
    });
    return { ok: true };
  } catch (error) {
    deps.logger.error({ err: error }, "sign-up failed");
    return { ok: false, status: 500, message: AUTH_TEXT.serverError };
  }
}
