import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import type { SftpActionResult } from "../../app/features/connections/sftp-panel";
import { adminChanges, jobs, stock, supplierFeedRuns, supplierFeedSchedules } from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { feedQueues } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE, FEED_SCHEDULE_QUEUE, startDueSchedules } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { startTestFtpServer } from "../support/ftp-server";
import { expectAccessDenied, expectAdminOnly } from "../support/refusals";
import { startTestSftpServer } from "../support/sftp-server";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

const logger = createLogger("silent");
const FEED_MAX_BYTES = 64 * 1024;

let ftp: Awaited<ReturnType<typeof startTestFtpServer>>;
let sftp: Awaited<ReturnType<typeof startTestSftpServer>>;
beforeAll(async () => {
  [ftp, sftp] = await Promise.all([startTestFtpServer(), startTestSftpServer()]);
  for (const root of [ftp.root, sftp.root]) {
    fs.writeFileSync(path.join(root, "voorraad-feed.csv"), "ArtNo;ArtQuantity\n810001;42\n810002;0\n");
  }
});
afterAll(async () => {
  await Promise.all([ftp?.close(), sftp?.close()]);
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-feeds-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { app, database } = useTestApp(() => ({
  DATA_DIR: dataDir,
  CONNECTION_TIMEOUT_MS: "5000",
  FEED_MAX_BYTES: String(FEED_MAX_BYTES),
  FTP_HOST: "127.0.0.1",
  FTP_PORT: String(ftp.port),
  FTP_USER: ftp.user,
  FTP_PASSWORD: ftp.password,
  FTP_REMOTE_PATH: "/",
}));
const db = () => database.db;

let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "feedbeheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "feed.klant@example.nl" });
  await createProduct(db(), { artNo: 810001, stockQuantity: 3 });
  await createProduct(db(), { artNo: 810002, stockQuantity: 5 });
});
beforeEach(async () => {
  fs.rmSync(path.join(app.config.dataDir, "supplier-feeds"), { recursive: true, force: true });
  fs.mkdirSync(path.join(app.config.dataDir, "supplier-feeds"), { recursive: true });
  await db().delete(supplierFeedRuns);
  await db().delete(supplierFeedSchedules);
  await db().delete(jobs);
});

const runQueue = (queue: typeof FEED_QUEUE | typeof FEED_SCHEDULE_QUEUE) =>
  createJobWorker({
    db: db(),
    logger,
    queues: { [queue]: feedQueues({ db: db(), config: app.config, logger })[queue] },
    // The scheduler is a recurring job: the worker queues it itself, as the shop's worker does.
    schedules: queue === FEED_SCHEDULE_QUEUE ? [{ queue, everyMs: 60_000, payload: {} }] : [],
  }).runOnce();

function uploadForm(content: string, fields: Record<string, string> = { kind: "stock" }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([content], { type: "text/csv" }), "voorraad.csv");
  return form;
}
const upload = (form: FormData, cookie = admin.cookie) =>
  app.get("/admin/feeds/upload", { method: "POST", body: form, headers: { cookie, origin: app.url } });
const act = (fields: Record<string, string>, cookie = admin.cookie) =>
  postToAction<AdminActionResult>(app, "/admin/feeds", fields, { cookie });
const runs = () => db().select().from(supplierFeedRuns);
const feedFiles = () => fs.readdirSync(path.join(app.config.dataDir, "supplier-feeds"), { withFileTypes: true }).length;

describe("who may import", () => {
  it("every page and action is refused for a guest and for a customer, and nothing changes", async () => {
    const changesBefore = (await db().select().from(adminChanges)).length;
    for (const cookie of ["", customer.cookie]) {
      const fields = { source: "ftp", remotePath: "/voorraad-feed.csv", kind: "stock", intervalMinutes: "60", id: "1" };
      await expectAdminOnly(app, cookie, [
        "/admin/feeds",
        "/admin/feeds/runs/1",
        "/admin/feeds/upload",
        ...["start-remote", "create-schedule", "delete-schedule", "disable-schedule"].map((intent) => ({
          path: "/admin/feeds",
          fields: { intent, ...fields },
        })),
      ]);
      await expectAccessDenied(await upload(uploadForm("ArtNo;ArtQuantity\n810001;99\n"), cookie));
    }
    expect(await runs()).toEqual([]);
    expect(await db().select().from(supplierFeedSchedules)).toEqual([]);
    expect(await db().select().from(jobs)).toEqual([]);
    expect((await db().select().from(adminChanges)).length).toBe(changesBefore);
    expect((await db().select().from(stock).where(eq(stock.artNo, 810001)))[0]!.quantity).toBe(3);
  });
});

describe("upload", () => {
  it("an uploaded stock feed is queued, runs, and its report shows the counts and the rejected row", async () => {
    const res = await upload(uploadForm("ArtNo;ArtQuantity\n810001;17\n810002;x\n"));
    expect(res.status).toBe(303);
    const [run] = await runs();
    expect(res.headers.get("location")).toBe(`/admin/feeds/runs/${run!.id}`);
    expect(run).toMatchObject({ kind: "stock", source: "upload", fileName: "voorraad.csv", status: "queued" });
    expect(run!.requestedBy).toBe(admin.id);

    const queued = await app.html(`/admin/feeds/runs/${run!.id}`, { headers: { cookie: admin.cookie } });
    expect(queued.html).toContain("Waiting for the import to start");

    await runQueue(FEED_QUEUE);
    expect((await db().select().from(stock).where(eq(stock.artNo, 810001)))[0]!.quantity).toBe(17);
    const report = await app.html(`/admin/feeds/runs/${run!.id}`, { headers: { cookie: admin.cookie } });
    expect(report.status).toBe(200);
    expect(report.html).toMatch(/Rows read<\/dt><dd[^>]*>2</);
    expect(report.html).toContain("ArtQuantity &quot;x&quot; is not a whole number of 0 or more");
    // The uploaded file is gone once the run has finished.
    expect(feedFiles()).toBe(0);
    const [change] = await db().select().from(adminChanges).where(eq(adminChanges.entityType, "supplier_feed_run"));
    expect(change).toMatchObject({ entityId: String(run!.id), action: "import", actorId: admin.id });
  });

  it("a second import while one is waiting is refused, and its file is not kept", async () => {
    expect((await upload(uploadForm("ArtNo;ArtQuantity\n810001;1\n"))).status).toBe(303);
    const second = await upload(uploadForm("ArtNo;ArtQuantity\n810001;2\n"));
    expect(second.status).toBe(303);
    expect(second.headers.get("x-feed-status")).toBe("409");
    expect(decodeURIComponent(second.headers.get("location")!)).toMatch(/is still running/);
    expect(await runs()).toHaveLength(1);
    expect(feedFiles()).toBe(1);
  });

  it("a file announced as 2 GB is refused at once (413) and nothing is stored", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL("/admin/feeds/upload", app.url);
      const req = http.request(url, {
        method: "POST",
        headers: {
          cookie: admin.cookie,
          origin: app.url,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(2 * 1024 ** 3),
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(status).toBe(413);
    expect(await runs()).toEqual([]);
  });

  it("a chunked upload that grows past FEED_MAX_BYTES is refused (413) and its partial file removed", async () => {
    const boundary = "feedgrens";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nstock\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="groot.csv"\r\nContent-Type: text/csv\r\n\r\nArtNo;ArtQuantity\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
        if (sent > FEED_MAX_BYTES * 2) {
          controller.enqueue(new TextEncoder().encode(tail));
          controller.close();
          return;
        }
        const chunk = new TextEncoder().encode("810001;5\n".repeat(1000));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await app.get("/admin/feeds/upload", {
      method: "POST",
      body,
      duplex: "half",
      headers: { cookie: admin.cookie, origin: app.url, "content-type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await runs()).toEqual([]);
    expect(feedFiles()).toBe(0);
  });

  it("refuses an upload without a file, and settings with control characters", async () => {
    const form = new FormData();
    form.set("kind", "stock");
    const none = await upload(form);
    expect(decodeURIComponent(none.headers.get("location")!)).toContain("Choose a file to import");
    const bad = await upload(
      uploadForm("ArtNo;ArtQuantity\n810001;1\n", { kind: "stock", columns: "ArtNo=Art\u0000" }),
    );
    expect(bad.headers.get("x-feed-status")).toBe("400");
    expect(await runs()).toEqual([]);
  });
});

describe("from the supplier's servers", () => {
  it("imports a stock feed from the FTP server on demand", async () => {
    const { status, data } = await act({
      intent: "start-remote",
      source: "ftp",
      remotePath: "/voorraad-feed.csv",
      kind: "stock",
    });
    expect(status).toBe(200);
    expect(data.title).toMatch(/^Import #\d+ started$/);
    await runQueue(FEED_QUEUE);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "succeeded", source: "ftp", rowsRead: 2, rejected: 0 });
    expect((await db().select().from(stock).where(eq(stock.artNo, 810001)))[0]!.quantity).toBe(42);
  });

  it("imports from the SFTP server once its host key is accepted", async () => {
    await db().update(stock).set({ quantity: 1 }).where(eq(stock.artNo, 810001));
    const sftpAct = (fields: Record<string, string>) =>
      postToAction<SftpActionResult>(app, "/admin/sftp", fields, { cookie: admin.cookie });
    const fields = {
      intent: "test",
      host: "127.0.0.1",
      port: String(sftp.port),
      user: sftp.user,
      password: sftp.password,
      logonType: "normal",
      privateKey: "",
      remotePath: ".",
    };
    // Without an accepted host key the import refuses to talk to the server.
    await sftpAct({ ...fields, intent: "save" });
    await act({ intent: "start-remote", source: "sftp", remotePath: "voorraad-feed.csv", kind: "stock" });
    await runQueue(FEED_QUEUE);
    const [refused] = await runs();
    expect(refused!.status).toBe("running");
    expect(refused!.error).toMatch(/host key/);
    await db().delete(supplierFeedRuns);

    const first = await sftpAct(fields);
    await sftpAct({ intent: "accept-host-key", fingerprint: first.data.test!.hostKey!.fingerprint });
    await act({ intent: "start-remote", source: "sftp", remotePath: "voorraad-feed.csv", kind: "stock" });
    await runQueue(FEED_QUEUE);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "succeeded", source: "sftp", rowsRead: 2 });
    expect((await db().select().from(stock).where(eq(stock.artNo, 810001)))[0]!.quantity).toBe(42);
  });

  it("a scheduled import is started by the queue and runs; a path with control characters is refused", async () => {
    await db().update(stock).set({ quantity: 1 }).where(eq(stock.artNo, 810001));
    const refused = await act({
      intent: "create-schedule",
      source: "ftp",
      remotePath: "/a\u0007.csv",
      kind: "stock",
      intervalMinutes: "60",
    });
    expect(refused.status).toBe(400);
    const saved = await act({
      intent: "create-schedule",
      source: "ftp",
      remotePath: "/voorraad-feed.csv",
      kind: "stock",
      intervalMinutes: "60",
    });
    expect(saved.data).toMatchObject({ ok: true, title: "Schedule saved" });
    expect(await runs()).toEqual([]);
    // An hour later the scheduler (a recurring job of the queue) finds it due and starts the import.
    await db()
      .update(supplierFeedSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) });
    await runQueue(FEED_SCHEDULE_QUEUE);
    await runQueue(FEED_QUEUE);
    const [schedule] = await db().select().from(supplierFeedSchedules);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "succeeded", scheduleId: schedule!.id, requestedBy: null });
    expect(schedule!.lastRunId).toBe(run!.id);
    expect(schedule!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await db().select().from(stock).where(eq(stock.artNo, 810001)))[0]!.quantity).toBe(42);
    // Not due again: the scheduler starts nothing now.
    expect(await startDueSchedules(db())).toEqual([]);
    expect(await runs()).toHaveLength(1);
    const page = await app.html("/admin/feeds", { headers: { cookie: admin.cookie } });
    expect(page.html).toMatch(/Every (<!-- -->)?60(<!-- -->)? minutes/);
  });

  it("'First run now' starts the schedule's first import at once; a busy shop starts it when free", async () => {
    const fields = {
      intent: "create-schedule",
      source: "ftp",
      remotePath: "/voorraad-feed.csv",
      kind: "stock",
      intervalMinutes: "15",
      runNow: "on",
    };
    const first = await act(fields);
    expect(first.data.description).toMatch(/Import #\d+ started/);
    expect(await runs()).toHaveLength(1);
    // A second schedule while that import waits: saved, due, and started by the scheduler later.
    const second = await act(fields);
    expect(second.data.description).not.toMatch(/started/);
    await runQueue(FEED_QUEUE);
    expect(await startDueSchedules(db())).toHaveLength(1);
    expect(await runs()).toHaveLength(2);
  });
});
