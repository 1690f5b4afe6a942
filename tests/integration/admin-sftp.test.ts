import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { adminChanges, supplierConnections } from "../../app/db/schema";
import type { SftpActionResult } from "../../app/features/connections/sftp-panel";
import { useTestApp } from "../support/fixture";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { startTestSftpServer } from "../support/sftp-server";
import { signedInUser } from "../support/users";

let sftp: Awaited<ReturnType<typeof startTestSftpServer>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  sftp = await startTestSftpServer();
});
afterAll(async () => {
  await sftp?.close();
});

const { app, database } = useTestApp({ CONNECTION_TIMEOUT_MS: "5000" });
const db = () => database.db;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "sftpbeheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "sftp.klant@example.nl" });
});

const act = (fields: Record<string, string>) =>
  postToAction<SftpActionResult>(app, "/admin/sftp", fields, { cookie: admin.cookie });

const form = (extra: Record<string, string> = {}) => ({
  intent: "test",
  host: "127.0.0.1",
  port: String(sftp.port),
  user: sftp.user,
  password: sftp.password,
  logonType: "normal",
  privateKey: "",
  remotePath: ".",
  ...extra,
});

async function acceptKeyAndTest(fields: Record<string, string>) {
  const first = await act(fields);
  if (first.data.test?.hostKey?.status === "new") {
    const accepted = await act({ intent: "accept-host-key", fingerprint: first.data.test.hostKey.fingerprint });
    expect(accepted.data.ok).toBe(true);
    return act(fields);
  }
  return first;
}

describe("SFTP test", () => {
  it("refuses missing fields with 'All fields are required' and the log line", async () => {
    const { status, data } = await act(form({ host: "" }));
    expect(status).toBe(400);
    expect(data.title).toBe("All fields are required");
    expect(data.logs?.map((l) => l.message)).toEqual(["Missing required fields"]);
    expect(await db().select().from(supplierConnections)).toEqual([]);
  });

  it("refuses a port with other characters than digits", async () => {
    const { status, data } = await act(form({ port: "22a" }));
    expect(status).toBe(400);
    expect(data.description).toMatch(/digits only/);
  });

  it("shows a new host key first and connects only after the admin accepted it", async () => {
    const first = await act(form());
    expect(first.data.ok).toBe(false);
    expect(first.data.title).toBe("SFTP Connection Failed");
    expect(first.data.test?.hostKey?.status).toBe("new");
    expect(first.data.test?.hostKey?.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(first.data.test?.fileUploads).toEqual([]);
    await act({ intent: "accept-host-key", fingerprint: first.data.test!.hostKey!.fingerprint });
    const [row] = await db().select().from(supplierConnections).where(eq(supplierConnections.kind, "sftp"));
    expect(row!.hostKeySha256).toBe(first.data.test!.hostKey!.fingerprint);
  });

  it("password logon: lists the folder, fetches each file into the file store and reports it", async () => {
    const { data } = await acceptKeyAndTest(form());
    expect(data.ok).toBe(true);
    expect(data.title).toBe("SFTP Connection Successful");
    const uploads = data.test!.fileUploads;
    expect(uploads.map((u) => u.file).sort()).toEqual(["order-antwoord.xml", "prijzen.csv", "voorraad.csv"]);
    for (const upload of uploads) {
      expect(upload).toMatchObject({ success: true, error: null, remotePath: `${upload.file}` });
      const stored = path.join(app.config.dataDir, upload.path);
      expect(fs.readFileSync(stored, "utf8")).toBe(fs.readFileSync(path.join(sftp.root, upload.file), "utf8"));
    }
    expect(data.test!.logs.length).toBeGreaterThan(3);
    for (const line of data.test!.logs) expect(Date.parse(line.at)).not.toBeNaN();
  });

  it("the retrieved files download for the admin only, and no path leaves the folder", async () => {
    const res = await app.get("/admin/sftp/files/voorraad.csv", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(await res.text()).toContain("TK-1001;24");
    const escape = await app.get("/admin/sftp/files/..%2Fauth-secret", { headers: { cookie: admin.cookie } });
    expect(escape.status).toBe(404);
    const guest = await app.get("/admin/sftp/files/voorraad.csv");
    expect(guest.status).toBe(302);
    const asCustomer = await app.get("/admin/sftp/files/voorraad.csv", { headers: { cookie: customer.cookie } });
    expect(asCustomer.status).toBe(302);
  });

  it("keyboard-interactive logon with the stored password (blank field keeps it)", async () => {
    const { data } = await act(form({ logonType: "interactive", password: "" }));
    expect(data.title).toBe("SFTP Connection Successful");
    expect(data.test!.logs.some((l) => l.message.includes("Keyboard-interactive"))).toBe(true);
  });

  it("key logon", async () => {
    const { data } = await act(form({ logonType: "key", password: "", privateKey: sftp.privateKey }));
    expect(data.title).toBe("SFTP Connection Successful");
  });

  it("a wrong password fails with a clear message and no secret", async () => {
    const { data } = await act(form({ password: "fout-wachtwoord" }));
    expect(data.ok).toBe(false);
    expect(data.title).toBe("SFTP Connection Failed");
    expect(data.description).toMatch(/Authentication failed/);
    expect(JSON.stringify(data)).not.toContain("fout-wachtwoord");
    await act(form({ intent: "save" }));
  });

  it("stores the password and key encrypted and never sends them to the browser", async () => {
    const [row] = await db().select().from(supplierConnections).where(eq(supplierConnections.kind, "sftp"));
    expect(row!.passwordEnc).toMatch(/^v1:/);
    expect(row!.passwordEnc).not.toContain(sftp.password);
    expect(row!.privateKeyEnc).not.toContain("PRIVATE KEY");
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(sftp.password);
    const page = await app.html("/admin/sftp", { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(sftp.password);
    expect(page.html).not.toContain(row!.passwordEnc!);
    expect(page.html).not.toContain("PRIVATE KEY-----\n");
    const loaderData = await app.get("/admin/sftp.data", { headers: { cookie: admin.cookie } });
    const body = await loaderData.text();
    expect(body).not.toContain(sftp.password);
    expect(body).not.toContain(sftp.privateKey.split("\n")[1]!);
    const [change] = await db()
      .select()
      .from(adminChanges)
      .where(eq(adminChanges.entityId, "sftp-connection"))
      .orderBy(desc(adminChanges.id))
      .limit(1);
    expect(JSON.stringify(change)).not.toContain(sftp.password);
    expect(change!.actorEmail).toBe("sftpbeheer@trapkracht.test");
  });

  it("refuses a changed host key with a clear message", async () => {
    await sftp.restartWithNewHostKey();
    const { data } = await act(form());
    expect(data.ok).toBe(false);
    expect(data.test?.hostKey?.status).toBe("changed");
    expect(data.description).toMatch(/host key has changed/);
    expect(data.test?.fileUploads).toEqual([]);
  });
});

describe("refused for guests and customers, with no change", () => {
  const snapshot = async () => ({
    connections: await db().select().from(supplierConnections),
    changes: (await db().select().from(adminChanges)).length,
  });
  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: page and every action`, async () => {
      const actions = [
        form(),
        form({ intent: "save", host: "evil.example" }),
        { intent: "accept-host-key", fingerprint: `SHA256:${"A".repeat(43)}` },
      ];
      await expectAdminOnly(app, cookie(), ["/admin/sftp"]);
      await expectAdminOnly(
        app,
        cookie(),
        actions.map((fields) => ({ path: "/admin/sftp", fields })),
        { unchanged: snapshot },
      );
    });
  }
});
