import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { adminChanges } from "../../app/db/schema";
import { listAdminChanges, recordAdminChange } from "../../app/domain/admin/audit.server";
import { useTestDatabase } from "../support/fixture";

describe("the record of admin changes", () => {
  const database = useTestDatabase();
  const admin = { id: "admin-1", email: "beheerder@trapkracht.test" };

  it("keeps who changed what and when, newest first, per item and as one list", async () => {
    await recordAdminChange(database.db, admin, {
      entityType: "order",
      entityId: "o-1",
      action: "status",
      before: { status: "pending" },
      after: { status: "processing" },
    });
    await recordAdminChange(database.db, admin, {
      entityType: "setting",
      entityId: "supplier-api-url",
      action: "update",
      before: null,
      after: { url: "https://leverancier.example/orders" },
    });
    const all = await listAdminChanges(database.db);
    expect(all.map((c) => c.action)).toEqual(["update", "status"]);
    const order = await listAdminChanges(database.db, { entityType: "order", entityId: "o-1" });
    expect(order).toHaveLength(1);
    expect(order[0]).toMatchObject({
      actorEmail: "beheerder@trapkracht.test",
      before: { status: "pending" },
      after: { status: "processing" },
    });
    expect(order[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("is append-only: the database refuses to change or remove a record", async () => {
    await expect(database.db.update(adminChanges).set({ action: "vervalst" })).rejects.toThrow();
    await expect(database.db.delete(adminChanges)).rejects.toThrow();
    const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(adminChanges);
    expect(n).toBe(2);
  });
});
