import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { customers, shippingAddresses } from "~/db/schema/index";
import { COUNTRY, type ShippingInput } from "./checkout-schema";

export type SavedAddress = {
  address: string;
  houseNumber: string;
  houseNumberAddition: string | null;
  postalCode: string;
  city: string;
};

/**
 * Where a signed-in customer's checkout starts: their default address, else the one used last.
 * Null for an account without addresses.
 */
export async function defaultAddressOf(db: Db, userId: string): Promise<SavedAddress | null> {
  const [row] = await db
    .select({
      address: shippingAddresses.address,
      houseNumber: shippingAddresses.houseNumber,
      houseNumberAddition: shippingAddresses.houseNumberAddition,
      postalCode: shippingAddresses.postalCode,
      city: shippingAddresses.city,
    })
    .from(shippingAddresses)
    .innerJoin(customers, eq(customers.id, shippingAddresses.customerId))
    .where(eq(customers.userId, userId))
    .orderBy(desc(shippingAddresses.isDefault), desc(shippingAddresses.updatedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The order's shipping address (spec 2 §7.3), inside the place-order transaction: the customer's
 * address with the same postcode (stored as "1234 AB"), house number and addition is updated, else a
 * new one is added. The addition is part of the match: 12-A and 12-B are different front doors.
 *
 * It becomes the default when the shopper asked to save it ("Gegevens opslaan voor een volgende
 * keer") or when the customer has no default yet (their first address); a new default clears the
 * others. The caller holds the customer's lock (its user row, or a record only this transaction
 * knows), so two defaults cannot appear side by side.
 */
export async function saveShippingAddress(
  tx: DbExecutor,
  customerId: string,
  shipping: ShippingInput,
  { makeDefault }: { makeDefault: boolean },
): Promise<string> {
  const now = new Date();
  const [match] = await tx
    .select({ id: shippingAddresses.id, isDefault: shippingAddresses.isDefault })
    .from(shippingAddresses)
    .where(
      and(
        eq(shippingAddresses.customerId, customerId),
        eq(shippingAddresses.postalCode, shipping.postalCode),
        eq(shippingAddresses.houseNumber, shipping.houseNumber),
        sql`coalesce(upper(${shippingAddresses.houseNumberAddition}), '') = ${shipping.houseNumberAddition ?? ""}`,
      ),
    )
    .orderBy(desc(shippingAddresses.isDefault), desc(shippingAddresses.updatedAt))
    .limit(1);
  const [hasDefault] = await tx
    .select({ id: shippingAddresses.id })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.customerId, customerId), eq(shippingAddresses.isDefault, true)))
    .limit(1);
  const isDefault = makeDefault || !hasDefault || (match?.isDefault ?? false);
  const fields = {
    address: shipping.address,
    houseNumber: shipping.houseNumber,
    houseNumberAddition: shipping.houseNumberAddition,
    postalCode: shipping.postalCode,
    city: shipping.city,
    country: COUNTRY,
    isDefault,
    updatedAt: now,
  };
  let id: string;
  if (match) {
    await tx.update(shippingAddresses).set(fields).where(eq(shippingAddresses.id, match.id));
    id = match.id;
  } else {
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ ...fields, customerId })
      .returning({ id: shippingAddresses.id });
    id = row!.id;
  }
  if (isDefault) {
    await tx
      .update(shippingAddresses)
      .set({ isDefault: false, updatedAt: now })
      .where(
        and(
          eq(shippingAddresses.customerId, customerId),
          eq(shippingAddresses.isDefault, true),
          ne(shippingAddresses.id, id),
        ),
      );
  }
  return id;
}
