import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiActionResult } from "../../app/features/fulfilment/api-panel";
import type { FtpActionResult } from "../../app/features/connections/ftp-panel";
import type { SftpActionResult } from "../../app/features/connections/sftp-panel";
import { imageMigrationResults, products, siteSettings, supplierConnections } from "../../app/db/schema";
import { pointDemoImagesAtTestSupplier } from "../../app/db/seed/supplier-images.server";
import { getConnection, secretKeyOf } from "../../app/features/connections/connections.server";
import { encryptSecret } from "../../app/features/connections/secret-box.server";
import { IMAGE_MIGRATION_QUEUE, imageMigrationQueue } from "../../app/features/image-migration/migration.server";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { storageFor } from "../../app/shared/storage/index.server";
import { fetchFeedFile } from "../../app/features/supplier-feed/remote.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

/** An HTTP listener on loopback that records every request it gets and answers as the test says. */
type Received = { method: string; url: string; body: string };
async function countingListener() {
  const received: Received[] = [];
  let answer: (req: Received, res: ServerResponse) => void = (_req, res) => res.end("<Answer/>");
  const server: Server = createHttpServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got = { method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString() };
      received.push(got);
      answer(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    answerWith: (fn: typeof answer) => (answer = fn),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A TCP listener on loopback that only counts connections (an SFTP/FTP server never reached). */
async function countingTcpListener() {
  let connections = 0;
  const server: TcpServer = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const CREDENTIALS = { SUPPLIER_USERNAME: "echte-gebruiker", SUPPLIER_PASSWORD: "Echt-Geheim-Wachtwoord-77" };
const PLACEHOLDER_BODY =
  '<?xml version="1.0" encoding="UTF-8"?><DropshipOrder><Username>••••</Username><Password>••••</Password></DropshipOrder>';

function testForm(body = PLACEHOLDER_BODY) {
  return {
    intent: "test",
    method: "POST",
    contentType: "text/xml; charset=utf-8",
    headerName: "",
    headerValue: "",
    body,
  };
}

describe("with loopback not allowed (production): the API Connection, SFTP and FTP refuse non-public targets", () => {
  let listener: Awaited<ReturnType<typeof countingListener>>;
  let tcp: Awaited<ReturnType<typeof countingTcpListener>>;
  beforeAll(async () => {
    listener = await countingListener();
    tcp = await countingTcpListener();
  });
  afterAll(async () => {
    await listener?.close();
    await tcp?.close();
  });
  const { app, database } = useTestApp(() => ({
    OUTBOUND_ALLOW_LOOPBACK: "false",
    SUPPLIER_API_URL: "https://api.leverancier.example/orders",
    SUPPLIER_DEBTOR_NUMBER: "D-1",
    ...CREDENTIALS,
  }));
  const db = () => database.db;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    admin = await signedInUser(app, db(), { role: "admin", email: "ssrf.beheer@trapkracht.test" });
  });
  const act = <T>(route: string, fields: Record<string, string>) =>
    postToAction<T>(app, route, fields, { cookie: admin.cookie });
  const storedUrl = async () =>
    (await db().select({ url: siteSettings.supplierApiUrl }).from(siteSettings).where(eq(siteSettings.id, 1)))[0]
      ?.url ?? null;

  const refusedUrls = () => [
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://10.0.0.5:8080/",
    "http://[::ffff:169.254.169.254]/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://2852039166/",
    "http://0251.0376.0251.0376/",
    "http://0xa9fea9fe/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]:8080/",
    "http://[fe80::1]/",
    "http://0.0.0.0:8080/",
    "http://100.64.0.1/",
    `http://[::1]:${listener.port}/orders`,
    `${listener.url}/orders`,
    `http://localhost:${listener.port}/orders`,
    `http://2130706433:${listener.port}/orders`,
  ];

  it("refuses to save each non-public supplier URL with a clear message, keeping the old one", async () => {
    for (const url of refusedUrls()) {
      const { status, data } = await act<ApiActionResult>("/admin/api", { intent: "api-url", url });
      expect(status, url).toBe(400);
      expect(data.title, url).toBe("Failed to update API URL");
      expect(data.description, url).toMatch(/^Refused: .*(not a public address|non-public address|cloud metadata)/);
      expect(data.description, url).toContain("The shop only connects to public addresses");
    }
    expect(await storedUrl()).toBeNull();
    expect(listener.received).toEqual([]);
  });

  it("refuses the test request to a non-public URL stored earlier, sending nothing", async () => {
    for (const url of [`${listener.url}/orders`, `http://localhost:${listener.port}/orders`, "http://10.0.0.5:8080/"]) {
      // As if saved before the policy existed: straight into the settings.
      await db()
        .insert(siteSettings)
        .values({ id: 1, supplierApiUrl: url })
        .onConflictDoUpdate({ target: siteSettings.id, set: { supplierApiUrl: url } });
      const { data } = await act<ApiActionResult>("/admin/api", testForm());
      expect(data.title, url).toBe("API Connection Failed");
      expect(data.description, url).toMatch(/^Refused: /);
      expect(JSON.stringify(data)).not.toContain(CREDENTIALS.SUPPLIER_PASSWORD);
    }
    expect(listener.received).toEqual([]);
    await db().update(siteSettings).set({ supplierApiUrl: null }).where(eq(siteSettings.id, 1));
  });

  it("SFTP and FTP: a host that is no host name is refused on save with a clear message", async () => {
    for (const route of ["/admin/sftp", "/admin/ftp"]) {
      for (const host of ["127.0.0.1;id", "file:///etc/passwd", "sftp.example.com/etc", "$(id)", "a b"]) {
        const { status, data } = await act<SftpActionResult | FtpActionResult>(route, {
          intent: "save",
          host,
          port: "22",
          user: "leverancier",
          password: "wachtwoord",
          remotePath: "/",
        });
        expect(status, `${route} ${host}`).toBe(400);
        expect(data.description, `${route} ${host}`).toBe(
          "host: Enter a host name (e.g. sftp.supplier.example) or an IP address: not a URL, a path or other characters",
        );
      }
    }
    expect(await db().select().from(supplierConnections)).toEqual([]);
  });

  it("SFTP and FTP: a non-public host is refused on save and on test, and no connection is made", async () => {
    for (const [route, intent] of [
      ["/admin/sftp", "save"],
      ["/admin/sftp", "test"],
      ["/admin/ftp", "save"],
    ] as const) {
      for (const host of ["127.0.0.1", "localhost", "10.0.0.5", "169.254.169.254", "2852039166", "::ffff:a9fe:a9fe"]) {
        const { status, data } = await act<SftpActionResult | FtpActionResult>(route, {
          intent,
          host,
          port: String(tcp.port),
          user: "leverancier",
          password: "wachtwoord",
          remotePath: "/",
        });
        expect(status, `${route} ${intent} ${host}`).toBe(400);
        expect(data.description, `${route} ${intent} ${host}`).toMatch(
          /^host: Refused: .*(not a public address|non-public address)/,
        );
      }
    }
    expect(await db().select().from(supplierConnections)).toEqual([]);
    expect(tcp.connections()).toBe(0);
  });

  it("FTP test and list, and feed downloads over SFTP/FTP, refuse a non-public host stored earlier", async () => {
    for (const kind of ["ftp", "sftp"] as const) {
      await db()
        .insert(supplierConnections)
        .values({
          kind,
          host: "localhost",
          port: tcp.port,
          username: "leverancier",
          logonType: "normal",
          passwordEnc: encryptSecret("wachtwoord", secretKeyOf(app.config)),
          remotePath: "/",
          secure: false,
          hostKeySha256: `SHA256:${"A".repeat(43)}`,
        });
    }
    for (const intent of ["test", "list"]) {
      const { data } = await act<FtpActionResult>("/admin/ftp", { intent });
      expect(data.title).toBe("FTP Connection Failed");
      expect(data.description).toMatch(/^Refused: localhost resolves to a non-public address \((127\.0\.0\.1|::1)\)$/);
    }
    const feeds = storageFor({ dataDir: path.join(os.tmpdir(), `tk-feed-${process.pid}`) }, "feeds");
    for (const kind of ["ftp", "sftp"] as const) {
      const connection = await getConnection(db(), app.config, kind);
      await expect(fetchFeedFile(connection, "/voorraad.csv", feeds, "run-1.feed", 1024)).rejects.toThrow(
        /^Refused: localhost resolves to a non-public address/,
      );
    }
    expect(tcp.connections()).toBe(0);
  });
});

describe("with loopback allowed (the demo): the credentials go to SUPPLIER_API_URL's origin only", () => {
  let saved: Awaited<ReturnType<typeof countingListener>>;
  let other: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    saved = await countingListener();
    other = await countingListener();
  });
  afterAll(async () => {
    await saved?.close();
    await other?.close();
  });
  beforeEach(() => {
    saved.received.length = 0;
    other.received.length = 0;
  });
  const { app, database } = useTestApp(() => ({
    SUPPLIER_API_URL: `${saved.url}/orders`,
    SUPPLIER_DEBTOR_NUMBER: "D-1",
    ...CREDENTIALS,
  }));
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    admin = await signedInUser(app, database.db, { role: "admin", email: "ssrf.demo@trapkracht.test" });
  });
  const act = (fields: Record<string, string>) =>
    postToAction<ApiActionResult>(app, "/admin/api", fields, { cookie: admin.cookie });

  it("a test request to another host gets empty credentials, and the admin is told why", async () => {
    const url = `http://localhost:${other.port}/orders`;
    const save = await act({ intent: "api-url", url });
    expect(save.data.title).toBe("API URL updated successfully");
    expect(save.data.description).toBe(
      `${url} The supplier's credentials are only sent to ${saved.url} (SUPPLIER_API_URL), not to http://localhost:${other.port}.`,
    );
    const { data } = await act(testForm());
    expect(data.title).toBe("API Connection Successful");
    expect(data.description).toContain("the placeholders were sent empty");
    expect(other.received).toHaveLength(1);
    expect(other.received[0]!.body).toContain("<Username></Username><Password></Password>");
    expect(other.received[0]!.body).not.toContain(CREDENTIALS.SUPPLIER_USERNAME);
    expect(other.received[0]!.body).not.toContain(CREDENTIALS.SUPPLIER_PASSWORD);
    expect(saved.received).toEqual([]);
  });

  it("a test request to the saved supplier's origin (another path) gets the real credentials", async () => {
    await act({ intent: "api-url", url: `${saved.url}/v2/orders` });
    const { data } = await act(testForm());
    expect(data.title).toBe("API Connection Successful");
    expect(saved.received).toHaveLength(1);
    expect(saved.received[0]!.url).toBe("/v2/orders");
    expect(saved.received[0]!.body).toContain(
      `<Username>${CREDENTIALS.SUPPLIER_USERNAME}</Username><Password>${CREDENTIALS.SUPPLIER_PASSWORD}</Password>`,
    );
    expect(JSON.stringify(data)).not.toContain(CREDENTIALS.SUPPLIER_PASSWORD);
  });

  it("does not follow a redirect, neither to another loopback server nor to a private address", async () => {
    for (const location of [`${other.url}/stolen`, "http://169.254.169.254/latest/meta-data/"]) {
      saved.answerWith((_req, res) => res.writeHead(302, { location }).end());
      const { data } = await act(testForm());
      expect(data.title).toBe("API Connection Test Failed");
      expect(data.test?.outcome).toMatchObject({ kind: "answer", status: 302 });
    }
    expect(saved.received).toHaveLength(2);
    expect(other.received).toEqual([]);
    saved.answerWith((_req, res) => res.end("<Answer/>"));
  });
});

describe("demo images on the test supplier, with the shop on another port than the start that seeded", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tk-outbound-images-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const { app, database } = useTestApp(() => ({ DATA_DIR: dataDir }));

  it("stores the demo's supplier images without an origin and migrates them from PUBLIC_URL", async () => {
    const db = database.db;
    // The seed runs before the shop listens (server.ts): it cannot know the port, and a later start
    // may have another.
    await createProduct(db, { artNo: 10_001, images: ["/media/product/10001-1.svg"] });
    await createProduct(db, { artNo: 10_021, images: ["/media/product/10021-1.svg", "/media/product/10021-2.svg"] });
    expect(await pointDemoImagesAtTestSupplier(db)).toBe(2);
    const [second] = await db.select({ images: products.images }).from(products).where(eq(products.artNo, 10_021));
    expect(second!.images).toEqual(["/api/test-supplier/images/10021-1.jpg", "/api/test-supplier/images/10021-2.png"]);

    const admin = await signedInUser(app, db, { role: "admin", email: "beelden.demo@trapkracht.test" });
    const start = await app.post(
      "/admin/image-migration",
      { intent: "migrate", batchSize: "2" },
      { headers: { cookie: admin.cookie } },
    );
    expect(start.status).toBe(200);
    const worker = createJobWorker({
      db,
      logger: createLogger("silent"),
      queues: {
        [IMAGE_MIGRATION_QUEUE]: imageMigrationQueue({ config: app.config, storage: storageFor(app.config, "images") }),
      },
    });
    expect(await worker.runOnce()).toBe(1);
    const rows = await db
      .select({
        artNo: imageMigrationResults.artNo,
        status: imageMigrationResults.status,
        message: imageMigrationResults.message,
      })
      .from(imageMigrationResults)
      .orderBy(asc(imageMigrationResults.artNo));
    // 10001 has the demo's one missing photo (-9.jpg, a 404 on purpose); its real photo migrates.
    expect(rows).toEqual([
      { artNo: 10_001, status: "error", message: expect.stringMatching(/^1 of 2 images failed: .*-9\.jpg: HTTP 404/) },
      { artNo: 10_021, status: "success", message: "Migrated 2 images" },
    ]);
    const [migrated] = await db.select({ images: products.images }).from(products).where(eq(products.artNo, 10_021));
    for (const url of migrated!.images) expect(url).toMatch(/^\/media\/images\/10021-[0-9a-f]{16}-800\.webp$/);
  });
});
