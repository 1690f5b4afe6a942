import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  startLoopbackFtpServer,
  writeSampleSupplierFiles,
} from "../../app/features/connections/loopback-servers.server";

/** A real FTP server (ftp-srv) on 127.0.0.1 with the supplier's sample files (.csv and .xml) and a folder. */
export async function startTestFtpServer() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tk-ftp-"));
  writeSampleSupplierFiles(root);
  fs.mkdirSync(path.join(root, "archief"));
  const user = "ftpleverancier";
  const password = "ftp-geheim-456";
  const server = await startLoopbackFtpServer({ root, user, password });
  return { root, user, password, port: server.port, close: () => server.close() };
}
