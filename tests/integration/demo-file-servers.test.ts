import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/shared/config/env.server";
import type { Connection } from "../../app/features/connections/connections.server";
import { startDemoFileServers } from "../../app/features/connections/demo-servers.server";
import { runFtp } from "../../app/features/connections/ftp.server";
import { testSftpConnection } from "../../app/features/connections/sftp.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-demo-files-"));
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

const asConnection = (c: ReturnType<typeof loadConfig>["connections"]["sftp"], kind: "sftp" | "ftp"): Connection => ({
  kind,
  host: c.host!,
  port: c.port,
  user: c.user!,
  password: c.password!,
  privateKey: "",
  logonType: c.logonType,
  remotePath: c.remotePath,
  secure: false,
  hostKeySha256: null,
  timeoutMs: 5000,
  // The demo's servers are on loopback, which the demo allows (OUTBOUND_ALLOW_LOOPBACK).
  policy: { allowLoopback: true },
});

describe("the embedded demo's supplier file servers", () => {
  it("start on loopback with the sample files, and the SFTP/FTP defaults point at them", async () => {
    const { config, servers } = await startDemoFileServers(loadConfig({ DATA_DIR: dataDir }));
    stops.push(...servers.map((s) => () => s.server.close()));
    expect(servers.map((s) => s.name)).toEqual(["demo SFTP server", "demo FTP server"]);
    expect(config.connections.sftp.host).toBe("127.0.0.1");

    const listing = await runFtp(asConnection(config.connections.ftp, "ftp"), { action: "list" });
    expect(listing.files.map((f) => f.name).sort()).toEqual([
      "feeds",
      "order-antwoord.xml",
      "prijzen.csv",
      "voorraad.csv",
    ]);

    // The host key is not pinned: the test stops at the key, which stays the same across restarts.
    const first = await testSftpConnection(asConnection(config.connections.sftp, "sftp"), dataDir);
    expect(first.hostKey?.status).toBe("new");
    const pinned = { ...asConnection(config.connections.sftp, "sftp"), hostKeySha256: first.hostKey!.fingerprint };
    const second = await testSftpConnection(pinned, dataDir);
    expect(second.success).toBe(true);
    expect(second.fileUploads.filter((u) => u.success)).toHaveLength(3);
  });

  it("never start with DATABASE_URL (a production shop) or DEMO_FILE_SERVERS=false, or for a configured host", async () => {
    const production = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://x@127.0.0.1/db" });
    expect((await startDemoFileServers(production)).servers).toEqual([]);
    const off = loadConfig({ DATA_DIR: dataDir, DEMO_FILE_SERVERS: "false" });
    expect((await startDemoFileServers(off)).servers).toEqual([]);
    const own = await startDemoFileServers(loadConfig({ DATA_DIR: dataDir, SFTP_HOST: "sftp.supplier.example" }));
    stops.push(...own.servers.map((s) => () => s.server.close()));
    expect(own.servers.map((s) => s.name)).toEqual(["demo FTP server"]);
    expect(own.config.connections.sftp.host).toBe("sftp.supplier.example");
  });
});
