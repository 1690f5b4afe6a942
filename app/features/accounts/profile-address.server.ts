import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, users } from "~/db/schema/index";
import { defaultAddressOf, saveShippingAddress } from "~/features/cart-checkout/index.server";
import { EMPTY_ADDRESS, type AddressValues } from "./profile-address";
import type { profileAddressSchema } from "./profile-address";
import type { z } from "zod";

type AddressOwner = { id: string; email: string };

/** The address the profile shows: the one checkout would start from, or empty fields. */
export async function getProfileAddress(db: Db, owner: AddressOwner): Promise<AddressValues> {
  const saved = await defaultAddressOf(db, owner.id);
  if (!saved) return EMPTY_ADDRESS;
  return {
    postalCode: saved.postalCode,
    houseNumber: saved.houseNumber,
    houseNumberAddition: saved.houseNumberAddition ?? "",
    address: saved.address,
    city: saved.city,
  };
}

/**
 * Saves the viewer's own address as their default, the way checkout's "Gegevens opslaan" does: the
 * same postcode, number and addition updates that address, another one is added. The customer record
 * is created on the first save (as a profile save does), under the user row's lock.
 */
export async function saveProfileAddress(
  db: Db,
  owner: AddressOwner,
  input: z.infer<typeof profileAddressSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${owner.id} for update`);
    const [existing] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.userId, owner.id))
      .orderBy(desc(customers.updatedAt), desc(customers.createdAt))
      .limit(1);
    const customerId =
      existing?.id ??
      (await tx.insert(customers).values({ userId: owner.id, email: owner.email }).returning({ id: customers.id }))[0]!
        .id;
    await saveShippingAddress(tx, customerId, { ...input, saveInfo: true }, { makeDefault: true });
  });
}
