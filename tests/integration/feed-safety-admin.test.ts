import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import { adminChanges, products, supplierFeedRuns } from "../../app/db/schema";
import { runFeedImport } from "../../app/features/supplier-feed/import-job.server";
import { startFeedRun } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { expectAdminOnly } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

/*
 * Issue 27 item 2 over HTTP: a full feed's held deactivation is shown on the run page and only an
 * admin can confirm it there (server-side check; the form posts like every admin form, so the
 * origin check applies too).
 */
const logger = createLogger("silent");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-feed-safety-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { app, database } = useTestApp(() => ({ DATA_DIR: dataDir }));
const db = () => database.db;
const shop = [820001, 820002, 820003, 820004];

let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let runId: number;
beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "feedveilig@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "feedveilig.klant@example.nl" });
  await db().update(products).set({ status: 0 });
  for (const artNo of shop) await createProduct(db(), { artNo, shortDescription: `Band ${artNo}` });
  // A full feed that lists one of four: 75 % would go, more than the 20 % safety share.
  const relative = path.join("supplier-feeds", "held.feed");
  fs.mkdirSync(path.join(dataDir, "supplier-feeds"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, relative), `ArtNo;ShortDescription\n${shop[0]};Band ${shop[0]}\n`);
  const run = await startFeedRun(db(), null, {
    kind: "products",
    source: "upload",
    fileName: "held.csv",
    storedPath: relative,
    fullFeed: true,
  });
  runId = run.id;
  await runFeedImport({ db: db(), config: app.config, logger }, runId);
});

const statuses = async () =>
  (await db().select().from(products).where(inArray(products.artNo, shop)))
    .sort((a, b) => a.artNo - b.artNo)
    .map((p) => p.status);

describe("confirming a held deactivation (issue 27 item 2)", () => {
  it("the run page lists what would be set inactive, with the button", async () => {
    const page = await app.html(`/admin/feeds/runs/${runId}`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Not set inactive: 3 products missing from the file");
    expect(page.html).toContain("3 of 4 active products is more than the safety share of 20 %");
    expect(page.html).toContain("820002 (Band 820002), 820003 (Band 820003), 820004 (Band 820004)");
    expect(page.html).toContain("Set these 3 products inactive");
  });

  it("is refused for a guest and a customer, and nothing changes", async () => {
    const changesBefore = (await db().select().from(adminChanges)).length;
    for (const cookie of ["", customer.cookie]) {
      await expectAdminOnly(app, cookie, [
        { path: `/admin/feeds/runs/${runId}`, fields: { intent: "confirm-deactivation" } },
        { path: `/admin/feeds/runs/${runId}.data`, fields: { intent: "confirm-deactivation" } },
      ]);
    }
    expect(await statuses()).toEqual([1, 1, 1, 1]);
    const [run] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId));
    expect(run!.deactivationHold).toMatchObject({ state: "held" });
    expect((await db().select().from(adminChanges)).length).toBe(changesBefore);
  });

  it("an admin confirms it: the three products are set inactive, once", async () => {
    const first = await postToAction<AdminActionResult>(
      app,
      `/admin/feeds/runs/${runId}`,
      { intent: "confirm-deactivation" },
      { cookie: admin.cookie },
    );
    expect(first).toEqual({
      status: 200,
      data: { ok: true, intent: "confirm-deactivation", title: "3 products set inactive" },
    });
    expect(await statuses()).toEqual([1, 0, 0, 0]);
    const again = await postToAction<AdminActionResult>(
      app,
      `/admin/feeds/runs/${runId}`,
      { intent: "confirm-deactivation" },
      { cookie: admin.cookie },
    );
    expect(again).toMatchObject({ status: 409, data: { ok: false, description: "This was confirmed already." } });
    const page = await app.html(`/admin/feeds/runs/${runId}`, { headers: { cookie: admin.cookie } });
    expect(page.html).toContain("Set inactive after confirmation: 3 products");
    expect(page.html).toContain("Confirmed by feedveilig@trapkracht.test");
    expect(page.html).not.toContain("Set these 3 products inactive");
  });
});
