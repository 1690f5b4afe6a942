import { desc, eq, sql } from "drizzle-orm";
import { customers, users } from "~/db/schema/index";
import { fullName } from "~/features/accounts";
import type { DbExecutor } from "~/db/client.server";
import type { CustomerInput } from "./checkout-schema";

type Person = Pick<CustomerInput, "firstName" | "lastName" | "phone">;

/**
 * The customer record an order is placed for, inside the place-order transaction.
 *
 * Signed in: the account's own record (the one /profile edits), created on the first order, its
 * names and phone updated to what the shopper just entered; the e-mail address is always the
 * account's. The user row is locked first, like a profile save, so two first orders of one account
 * never create two records (customers.user_id has no unique index).
 *
 * Guest: always a NEW record. Reusing an earlier guest record with the same e-mail would let anyone
 * who types that address rewrite the name and phone shown on someone else's earlier orders. Guest
 * orders still reach a later account, because orders are found by e-mail address.
 */
export async function customerForOrder(
  tx: DbExecutor,
  person: Person,
  owner: { userId: string; email: string } | { userId: null; email: string },
): Promise<string> {
  const now = new Date();
  const fields = {
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone,
    email: owner.email,
    updatedAt: now,
  };
  if (owner.userId === null) {
    const [row] = await tx.insert(customers).values(fields).returning({ id: customers.id });
    return row!.id;
  }
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${owner.userId} for update`);
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, owner.userId))
    .orderBy(desc(customers.updatedAt), desc(customers.createdAt))
    .limit(1);
  // The account name the admin sees follows the customer record, as a profile save does.
  await tx
    .update(users)
    .set({ name: fullName(person.firstName, person.lastName), updatedAt: now })
    .where(eq(users.id, owner.userId));
  if (existing) {
    await tx.update(customers).set(fields).where(eq(customers.id, existing.id));
    return existing.id;
  }
  const [row] = await tx
    .insert(customers)
    .values({ ...fields, userId: owner.userId })
    .returning({ id: customers.id });
  return row!.id;
}

/**
 * A guest who asked for an account at checkout: their order's customer record becomes the new
 * account's profile. Only a record without an account is taken over, and only by the account that
 * carries the very same address (which its owner still has to confirm before seeing any orders).
 */
export async function linkCustomerToAccount(db: DbExecutor, customerId: string, userId: string): Promise<void> {
  await db
    .update(customers)
    .set({ userId })
    .where(sql`${customers.id} = ${customerId} and ${customers.userId} is null`);
}
