import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { loginSchema } from "~/features/accounts";

/** The sign-up rules for e-mail and password (spec 1 §5), with the same Dutch messages. */
const AdminInput = loginSchema.pick({ email: true, password: true });

export type AdminInput = z.infer<typeof AdminInput>;

export function validateAdminInput(input: {
  email: string;
  password: string;
}): { ok: true; data: AdminInput } | { ok: false; errors: string[] } {
  const parsed = AdminInput.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

export type AdminAccountResult = {
  /** created: a new user; promoted: an existing customer became admin; updated: already admin. */
  status: "created" | "promoted" | "updated";
  userId: string;
  email: string;
};

/**
 * Creates an admin who can sign in with this e-mail and password at once, or makes an existing user
 * one: role admin, active, e-mail verified (the operator vouches for the address) and this password
 * on their credential account. Written the way better-auth stores e-mail accounts, so its sign-in
 * accepts it. One transaction: a half-made admin never exists.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<AdminAccountResult> {
  const checked = validateAdminInput(input);
  if (!checked.ok) throw new Error(checked.errors.join("; "));
  const { email, password } = checked.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    let userId: string;
    let status: AdminAccountResult["status"];
    if (existing) {
      userId = existing.id;
      status = existing.role === "admin" ? "updated" : "promoted";
      await tx
        .update(users)
        .set({ role: "admin", isActive: true, emailVerified: true, updatedAt: now })
        .where(eq(users.id, userId));
    } else {
      userId = randomUUID();
      status = "created";
      await tx.insert(users).values({
        id: userId,
        email,
        name: input.name?.trim() ?? "",
        emailVerified: true,
        role: "admin",
        isActive: true,
      });
    }
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
      .limit(1);
    if (credential) {
      await tx.update(accounts).set({ password: passwordHash, updatedAt: now }).where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
    }
    return { status, userId, email };
  });
}
