import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { adminChanges } from "../../app/db/schema";
import { listAdminChanges, recordAdminChange } from "../../app/features/admin-changes/audit.server";
import { listChangeActors, parseChangeLogQuery, readChangeLog } from "../../app/features/admin-changes/index.server";
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

  it("reads the log by person and by Amsterdam days, and lists each person once (skip scan)", async () => {
    const other = { id: "admin-2", email: "anna@trapkracht.test" };
    const at = async (actor: typeof admin, iso: string, entityId: string) => {
      const [row] = await database.db
        .insert(adminChanges)
        .values({
          entityType: "coupon",
          entityId,
          action: "update",
          before: { usageLimit: 1 },
          after: { usageLimit: 2 },
          actorId: actor.id,
          actorEmail: actor.email,
          createdAt: new Date(iso),
        })
        .returning({ id: adminChanges.id });
      return row!.id;
    };
    // 1 Dec 2026 in Amsterdam (UTC+1) runs from 30 Nov 23:00 UTC to 1 Dec 23:00 UTC.
    const annaBefore = await at(other, "2026-11-30T22:59:59Z", "A");
    const annaOn1st = await at(other, "2026-11-30T23:00:00Z", "B");
    const mineOn1st = await at(admin, "2026-12-01T22:59:59Z", "C");
    const annaAfter = await at(other, "2026-12-01T23:00:00Z", "D");

    const read = async (search: string) =>
      (await readChangeLog(database.db, parseChangeLogQuery(new URLSearchParams(search)))).entries.map((e) => e.id);
    expect(await read("by=anna%40trapkracht.test")).toEqual([annaAfter, annaOn1st, annaBefore]);
    expect(await read("from=2026-12-01&to=2026-12-01")).toEqual([mineOn1st, annaOn1st]);
    expect(await read("by=anna%40trapkracht.test&from=2026-12-01&to=2026-12-01")).toEqual([annaOn1st]);
    expect(await read("by=anna%40trapkracht.test&from=2026-12-02")).toEqual([annaAfter]);
    expect(await read("by=anna%40trapkracht.test&to=2026-11-30")).toEqual([annaBefore]);
    expect(await listChangeActors(database.db)).toEqual(["anna@trapkracht.test", "beheerder@trapkracht.test"]);
  });
});
