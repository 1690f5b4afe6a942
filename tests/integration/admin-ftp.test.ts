import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminChanges, supplierConnections } from "../../app/db/schema";
import type { FtpActionResult } from "../../app/features/connections/ftp-panel";
import { useTestApp } from "../support/fixture";
import { startTestFtpServer } from "../support/ftp-server";
import { expectAccessDenied, expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

let ftp: Awaited<ReturnType<typeof startTestFtpServer>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ftp = await startTestFtpServer();
});
afterAll(async () => {
  await ftp?.close();
});

const { app, database } = useTestApp({ CONNECTION_TIMEOUT_MS: "5000" });
const db = () => database.db;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "ftpbeheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "ftp.klant@example.nl" });
});

const act = (fields: Record<string, string>) =>
  postToAction<FtpActionResult>(app, "/admin/ftp", fields, { cookie: admin.cookie });
const save = (extra: Record<string, string> = {}) =>
  act({
    intent: "save",
    host: "127.0.0.1",
    port: String(ftp.port),
    user: ftp.user,
    password: ftp.password,
    remotePath: "/",
    ...extra,
  });

describe("FTP", () => {
  it("a wrong password: FTP Connection Failed with a clear message", async () => {
    expect((await save({ password: "verkeerd-wachtwoord" })).data.ok).toBe(true);
    const { data } = await act({ intent: "test" });
    expect(data.ok).toBe(false);
    expect(data.title).toBe("FTP Connection Failed");
    expect(data.description).toMatch(/Login failed/);
    expect(JSON.stringify(data)).not.toContain("verkeerd-wachtwoord");
  });

  it("test: FTP Connection Successful with its logs", async () => {
    await save();
    const { data } = await act({ intent: "test" });
    expect(data.title).toBe("FTP Connection Successful");
    expect(data.ftp!.logs.some((l) => l.message.startsWith("Logged in"))).toBe(true);
  });

  it("lists the folder with type, name, size and date (.csv files included)", async () => {
    const { data } = await act({ intent: "list", remotePath: "/" });
    expect(data.ok).toBe(true);
    const byName = Object.fromEntries(data.ftp!.files.map((f) => [f.name, f]));
    expect(byName["archief"]!.type).toBe("d");
    expect(byName["voorraad.csv"]).toMatchObject({
      type: "-",
      size: fs.statSync(path.join(ftp.root, "voorraad.csv")).size,
    });
    expect(byName["prijzen.csv"]!.type).toBe("-");
    expect(byName["order-antwoord.xml"]!.type).toBe("-");
  });

  it("a file's time is the exact moment (MDTM), shown in Amsterdam time, not the LIST line's text", async () => {
    // 00:30 UTC on 25 Oct 2026 is 02:30 summer time (UTC+2) in Amsterdam, half an hour before the
    // clocks go back; the LIST line would say "Oct 25 00:30" in the server's zone.
    fs.utimesSync(
      path.join(ftp.root, "prijzen.csv"),
      new Date("2026-10-25T00:30:00Z"),
      new Date("2026-10-25T00:30:00Z"),
    );
    const { data } = await act({ intent: "list", remotePath: "/" });
    const prices = data.ftp!.files.find((f) => f.name === "prijzen.csv")!;
    expect(prices.date).toBe("2026-10-25T00:30:00.000Z");
    expect(data.ftp!.logs.some((l) => /^Exact times of \d+ entries read/.test(l.message))).toBe(true);

    const res = await app.post(
      "/admin/ftp",
      { intent: "list", remotePath: "/" },
      { headers: { cookie: admin.cookie } },
    );
    expect(await res.text()).toContain('<time dateTime="2026-10-25T00:30:00.000Z">25 Oct 2026, 02:30</time>');
  });

  it("the list page groups the .csv files as CSV files", async () => {
    const res = await app.post(
      "/admin/ftp",
      { intent: "list", remotePath: "/" },
      { headers: { cookie: admin.cookie } },
    );
    const html = await res.text();
    expect(html).toContain("CSV files (2)");
    expect(html).toMatch(/Type<\/th>.*Name<\/th>.*Size<\/th>.*Modified<\/th>/s);
  });

  it("XML request: a malformed or blank document is refused on the server", async () => {
    const blank = await act({ intent: "xml", fileContent: "   " });
    expect(blank.status).toBe(400);
    const broken = await act({ intent: "xml", fileContent: "<Order><Open></Order>" });
    expect(broken.status).toBe(400);
    expect(broken.data.description).toMatch(/Not well-formed XML/);
  });

  it("XML request: uploads the document as a file and shows the server's answer", async () => {
    const xml = '<?xml version="1.0"?><Order><Reference>TK-4711</Reference></Order>';
    const { data } = await act({ intent: "xml", fileContent: xml });
    expect(data.ok).toBe(true);
    expect(data.ftp!.fileName).toMatch(/^order-request-.*\.xml$/);
    expect(fs.readFileSync(path.join(ftp.root, data.ftp!.fileName!), "utf8")).toBe(xml);
    expect(data.ftp!.fileContent).toContain("<Reference>TK-4711</Reference>");
    expect(data.ftp!.fileContent).toContain("Accepted");
  });

  it("stores the password encrypted and never sends it to the browser", async () => {
    const [row] = await db().select().from(supplierConnections).where(eq(supplierConnections.kind, "ftp"));
    expect(row!.passwordEnc).not.toContain(ftp.password);
    const page = await app.html("/admin/ftp", { headers: { cookie: admin.cookie } });
    expect(page.html).not.toContain(ftp.password);
    const loaderData = await (await app.get("/admin/ftp.data", { headers: { cookie: admin.cookie } })).text();
    expect(loaderData).not.toContain(ftp.password);
    const changes = await db().select().from(adminChanges).where(eq(adminChanges.entityId, "ftp-connection"));
    expect(changes.length).toBeGreaterThan(0);
    expect(JSON.stringify(changes)).not.toContain(ftp.password);
  });

  it("refuses control characters and a non-digit port", async () => {
    expect((await save({ host: "127.0.0.1\u0007" })).data.description).toContain("Ongeldige tekens in dit veld");
    expect((await save({ port: "21x" })).status).toBe(400);
  });
});

describe("FTP: open folders and download files", () => {
  const download = (remotePath: string, cookie = admin.cookie) =>
    app.get(`/admin/ftp/download?path=${encodeURIComponent(remotePath)}`, cookie ? { headers: { cookie } } : {});

  beforeAll(async () => {
    await save();
    // 700 KB of bytes no text encoding would keep: more than any socket buffer, so the download
    // really streams (and waits for the reader) instead of arriving in one piece.
    const bytes = Buffer.alloc(700 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 9)) & 0xff;
    fs.mkdirSync(path.join(ftp.root, "archief", "2025"), { recursive: true });
    fs.writeFileSync(path.join(ftp.root, "archief", "voorraad-oud.bin"), bytes);
    fs.writeFileSync(path.join(ftp.root, "archief", "prijs lijst (2026) é.csv"), "artNo;prijs\nTK-1;3295\n");
  });

  it("a file downloads with the exact bytes, as a private attachment", async () => {
    const res = await download("/archief/voorraad-oud.bin");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="voorraad-oud.bin"');
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("x-content-type-options")).toContain("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(fs.readFileSync(path.join(ftp.root, "archief", "voorraad-oud.bin")))).toBe(true);

    const csv = await download("/voorraad.csv");
    expect(await csv.text()).toBe(fs.readFileSync(path.join(ftp.root, "voorraad.csv"), "utf8"));
  });

  it("an odd file name becomes a safe attachment name (spaces, brackets, accents replaced)", async () => {
    const res = await download("/archief/prijs lijst (2026) é.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="prijs_lijst__2026___.csv"; filename*=UTF-8''prijs%20lijst%20%282026%29%20%C3%A9.csv`,
    );
    expect(await res.text()).toBe("artNo;prijs\nTK-1;3295\n");
  });

  it("a missing file or a folder is a 404 with a message, not an empty download", async () => {
    const res = await download("/archief/bestaat-niet.csv");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(await res.text()).toContain("There is no file at this path on the FTP server");
    const folder = await download("/archief/2025");
    expect(folder.status).toBe(404);
    expect(await folder.text()).toContain("There is no file at this path on the FTP server");
  });

  it('"../" and "./" are refused before the FTP server is asked, for downloads and for listings', async () => {
    for (const bad of [
      "/../etc/passwd",
      "../voorraad.csv",
      "/archief/../voorraad.csv",
      "/archief/./x",
      "/archief\\..\\x",
    ]) {
      const res = await download(bad);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.text()).toContain("A path may not contain . or .. or a backslash");
    }
    const listed = await act({ intent: "list", remotePath: "/archief/../../" });
    expect(listed.status).toBe(400);
    expect(listed.data.description).toBe("remotePath: A path may not contain . or .. or a backslash");
    expect(listed.data.ftp).toBeUndefined();
  });

  it("a folder lists its own files, and says which folder it listed", async () => {
    const { data } = await act({ intent: "list", remotePath: "/archief/" });
    expect(data.ok).toBe(true);
    expect(data.folder).toBe("/archief");
    const names = data.ftp!.files.map((f) => `${f.type} ${f.name}`).sort();
    expect(names).toEqual(["- prijs lijst (2026) é.csv", "- voorraad-oud.bin", "d 2025"]);
  });

  it("the list page: folders open with a button, files have a download link, a breadcrumb and Up", async () => {
    const res = await app.post(
      "/admin/ftp",
      { intent: "list", remotePath: "/archief" },
      { headers: { cookie: admin.cookie } },
    );
    const html = await res.text();
    const buttons = html.match(/<button[^>]*>[^<]*(<svg.*?<\/svg>)?[^<]*<\/button>/gs) ?? [];
    const button = (...parts: string[]) => buttons.find((b) => parts.every((p) => b.includes(p)));
    expect(button('name="remotePath"', 'value="/archief/2025"', 'aria-label="Open folder 2025"')).toBeDefined();
    expect(button('name="remotePath"', 'value="/"', 'aria-label="Top folder /"')).toBeDefined();
    expect(button('name="remotePath"', 'value="/"', "Up</button>")).toBeDefined();
    expect(html).toContain('href="/admin/ftp/download?path=%2Farchief%2Fvoorraad-oud.bin"');
    expect(html).toContain('aria-label="Download voorraad-oud.bin"');
  });
});

describe("refused for guests and customers, with no change", () => {
  const snapshot = async () => ({
    connections: await db().select().from(supplierConnections),
    changes: (await db().select().from(adminChanges)).length,
    files: fs.readdirSync(ftp.root).sort(),
  });
  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: page and every action`, async () => {
      await expectAdminOnly(app, cookie(), ["/admin/ftp"]);
      const file = await app.get(
        "/admin/ftp/download?path=%2Fvoorraad.csv",
        cookie() ? { headers: { cookie: cookie() } } : {},
      );
      expect(file.headers.get("content-disposition")).toBeNull();
      await expectAccessDenied(file, {
        hidden: [fs.readFileSync(path.join(ftp.root, "voorraad.csv"), "utf8").slice(0, 20)],
      });
      const actions: Record<string, string>[] = [
        { intent: "save", host: "evil.example", port: "21", user: "x", password: "y", remotePath: "/" },
        { intent: "test" },
        { intent: "list", remotePath: "/" },
        { intent: "xml", fileContent: "<a/>" },
      ];
      await expectAdminOnly(
        app,
        cookie(),
        actions.map((fields) => ({ path: "/admin/ftp", fields })),
        { unchanged: snapshot },
      );
    });
  }
});
