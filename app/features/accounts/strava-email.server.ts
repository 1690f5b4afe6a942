import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accounts, customers, sessions, users, verifications } from "~/db/schema/index";
import { enqueueMail } from "~/features/mail/index.server";
import { confirmStravaEmailMail } from "~/features/mail-templates/index.server";
import { hitRateLimit } from "~/shared/security/rate-limit.server";
import { isStravaPlaceholderEmail } from "./strava-placeholder";

/**
 * A Strava user's claim on an e-mail address. The address joins the account only when the link in
 * the mail sent there is confirmed, so nobody can attach Strava to someone else's account (or take an
 * address) by typing it in.
 *
 * Storage, in better-auth's verifications table:
 * - identifier `strava-email:<sha256 of the token>`: only the hash is stored, so a database leak
 *   cannot be turned into working links;
 * - id `strava-email-claim:<user id>`: one pending claim per user, so a new claim replaces the older
 *   one in the same statement (its link stops working);
 * - value `{"userId","email"}`; expires after 24 hours (the mail says so).
 */
export const CLAIM_TTL_SECONDS = 24 * 60 * 60;
const IDENTIFIER_PREFIX = "strava-email:";
const CLAIM_ID_PREFIX = "strava-email-claim:";

/** Per user and per address of the requester; the mail goes to an address the requester chooses. */
const LIMITS = {
  user: { limit: 5, windowSeconds: 60 * 60 },
  ip: { limit: 20, windowSeconds: 60 * 60 },
};

type ClaimValue = { userId: string; email: string };

function claimIdentifier(token: string): string {
  return IDENTIFIER_PREFIX + createHash("sha256").update(token, "utf8").digest("base64url");
}

/** A token of 32 random bytes is 43 base64url characters; anything else is not ours. */
function plausibleToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

function parseClaimValue(value: string): ClaimValue | null {
  try {
    const parsed = JSON.parse(value) as Partial<ClaimValue>;
    return typeof parsed.userId === "string" && typeof parsed.email === "string"
      ? { userId: parsed.userId, email: parsed.email }
      : null;
  } catch {
    return null;
  }
}

export type ClaimRequestResult = { ok: true } | { ok: false; reason: "rate-limited" };

/**
 * Stores a claim of `email` for the signed-in Strava user and puts the confirmation mail in the
 * outbox, in one transaction. The answer does not depend on whether the address has an account.
 */
export async function requestStravaEmailClaim(
  db: Db,
  input: { userId: string; email: string; clientIp: string; publicUrl: string },
): Promise<ClaimRequestResult> {
  const byUser = await hitRateLimit(db, { key: `strava-email:user:${input.userId}`, ...LIMITS.user });
  const byIp = await hitRateLimit(db, { key: `strava-email:ip:${input.clientIp}`, ...LIMITS.ip });
  if (!byUser.allowed || !byIp.allowed) return { ok: false, reason: "rate-limited" };

  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const url = `${input.publicUrl}/auth/email/bevestigen?token=${token}`;
  const now = new Date();
  const claim = {
    identifier: claimIdentifier(token),
    value: JSON.stringify({ userId: input.userId, email } satisfies ClaimValue),
    expiresAt: new Date(now.getTime() + CLAIM_TTL_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(verifications)
      .values({ id: CLAIM_ID_PREFIX + input.userId, ...claim })
      .onConflictDoUpdate({ target: verifications.id, set: claim });
    await enqueueMail(tx, { kind: "strava-email-confirmation", to: email, ...confirmStravaEmailMail(url) });
  });
  return { ok: true };
}

/** The address of the user's unexpired claim, to show where the link went. */
export async function pendingClaimEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.id, CLAIM_ID_PREFIX + userId), gt(verifications.expiresAt, sql`now()`)))
    .limit(1);
  return row ? (parseClaimValue(row.value)?.email ?? null) : null;
}

export type ClaimLookup = { state: "valid"; email: string } | { state: "expired" } | { state: "invalid" };

/** Reads a claim without using it up (the GET of the confirmation page). */
export async function lookUpStravaEmailClaim(db: Db, token: string | null): Promise<ClaimLookup> {
  if (!plausibleToken(token)) return { state: "invalid" };
  const [row] = await db
    .select({ value: verifications.value, expired: sql<boolean>`${verifications.expiresAt} <= now()` })
    .from(verifications)
    .where(eq(verifications.identifier, claimIdentifier(token)))
    .limit(1);
  const claim = row ? parseClaimValue(row.value) : null;
  if (!row || !claim) return { state: "invalid" };
  return row.expired ? { state: "expired" } : { state: "valid", email: claim.email };
}

export type ConfirmResult =
  /** The address had no account: it is now this Strava user's, verified. */
  | { ok: true; outcome: "confirmed"; userId: string }
  /** The address had an account: Strava now signs in to that account; the placeholder user is gone. */
  | { ok: true; outcome: "linked"; userId: string; hasPassword: boolean }
  | { ok: false; reason: "expired" | "invalid" };

/**
 * Uses up a claim and applies it, all in one transaction: the claim row is deleted first (so two
 * clicks cannot both apply it), then either the Strava user gets the address, or, when a real account
 * already has it, the Strava login moves to that account and the placeholder user is deleted (its
 * sessions go with it through the foreign key).
 */
export async function confirmStravaEmailClaim(db: Db, token: string | null): Promise<ConfirmResult> {
  if (!plausibleToken(token)) return { ok: false, reason: "invalid" };
  const identifier = claimIdentifier(token);
  return db.transaction(async (tx): Promise<ConfirmResult> => {
    const [row] = await tx
      .delete(verifications)
      .where(eq(verifications.identifier, identifier))
      .returning({ value: verifications.value, expired: sql<boolean>`${verifications.expiresAt} <= now()` });
    const claim = row ? parseClaimValue(row.value) : null;
    if (!row || !claim) return { ok: false, reason: "invalid" };
    if (row.expired) return { ok: false, reason: "expired" };

    const [placeholder] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, claim.userId))
      .for("update");
    // Gone, or it has an address already (an earlier claim was confirmed): nothing to apply.
    if (!placeholder || !isStravaPlaceholderEmail(placeholder.email)) return { ok: false, reason: "invalid" };

    const email = claim.email.toLowerCase();
    const now = new Date();
    const [owner] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    if (!owner) {
      await tx.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, placeholder.id));
      return { ok: true, outcome: "confirmed", userId: placeholder.id };
    }

    if (!owner.emailVerified) {
      // Nobody ever proved this mailbox for that account: whoever typed its password may not be the
      // owner (account pre-hijacking). The person who just proved the mailbox keeps the account; the
      // unproven password and any session go. "Wachtwoord vergeten?" sets a new one.
      await tx.delete(accounts).where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, "credential")));
      await tx.delete(sessions).where(eq(sessions.userId, owner.id));
    }
    await tx
      .update(accounts)
      .set({ userId: owner.id, updatedAt: now })
      .where(and(eq(accounts.userId, placeholder.id), eq(accounts.providerId, "strava")));
    // Orders placed while signed in as the placeholder stay with the person.
    await tx.update(customers).set({ userId: owner.id, updatedAt: now }).where(eq(customers.userId, placeholder.id));
    // Opening the link proved the mailbox, which is what verification means.
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, owner.id));
    await tx.delete(users).where(eq(users.id, placeholder.id));
    const [password] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, "credential")))
      .limit(1);
    return { ok: true, outcome: "linked", userId: owner.id, hasPassword: Boolean(password) };
  });
}
