import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, users } from "~/db/schema/index";
import { fullName, type ProfileInput } from "./profile-schema";

/** What the profile page shows: the editable fields and the account's (read-only) e-mail address. */
export type Profile = { firstName: string; lastName: string; phone: string; email: string };

type ProfileOwner = { id: string; email: string; name: string };

/**
 * The customer record of an account. Normally one; should the checkout ever have linked several
 * (guest rows taken over by a new account), the most recently updated is the profile.
 */
function ownCustomer(db: Db, userId: string) {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
    })
    .from(customers)
    .where(eq(customers.userId, userId))
    .orderBy(desc(customers.updatedAt), desc(customers.createdAt))
    .limit(1);
}

/**
 * The viewer's profile. Before the first save there is no customer record: the account's name
 * (from Strava, say) is split into first and last name as a starting point.
 */
export async function getProfile(db: Db, owner: ProfileOwner): Promise<Profile> {
  const [row] = await ownCustomer(db, owner.id);
  if (row) {
    return { firstName: row.firstName, lastName: row.lastName, phone: row.phone ?? "", email: owner.email };
  }
  const [first = "", ...rest] = owner.name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" "), phone: "", email: owner.email };
}

/**
 * Saves the viewer's own profile: their customer record (created on the first save, with the
 * account's e-mail address) and the account name the admin sees. Only ever rows of `owner.id`:
 * guest customer rows with the same e-mail stay as they are (orders find them by e-mail anyway).
 */
export async function updateProfile(db: Db, owner: ProfileOwner, input: ProfileInput): Promise<void> {
  await db.transaction(async (tx) => {
    // Locking the user row serialises two saves of one account, so a first save never creates two
    // customer records (customers.user_id has no unique index).
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${owner.id} for update`);
    const now = new Date();
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: owner.email,
      updatedAt: now,
    };
    const [existing] = await ownCustomer(tx, owner.id);
    if (existing) {
      await tx.update(customers).set(fields).where(eq(customers.id, existing.id));
    } else {
      await tx.insert(customers).values({ ...fields, userId: owner.id });
    }
    await tx
      .update(users)
      .set({ name: fullName(input.firstName, input.lastName), updatedAt: now })
      .where(eq(users.id, owner.id));
  });
}
