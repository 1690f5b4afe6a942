import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  generateHostKey,
  generateUserKey,
  startLoopbackSftpServer,
  writeSampleSupplierFiles,
  type LoopbackServer,
} from "../../app/features/connections/loopback-servers.server";

/**
 * A real SFTP server (ssh2's Server) on 127.0.0.1 for the tests: password, keyboard-interactive and
 * public-key logons for one user, the supplier's sample files, and `restartWithNewHostKey` to play a
 * server whose host key changed.
 */
export async function startTestSftpServer() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tk-sftp-"));
  writeSampleSupplierFiles(root);
  const user = "leverancier";
  const password = "sftp-geheim-123";
  const userKey = generateUserKey();
  let server: LoopbackServer = await startLoopbackSftpServer({
    root,
    user,
    password,
    publicKey: userKey.publicKey,
    hostKey: generateHostKey(),
  });
  return {
    root,
    user,
    password,
    privateKey: userKey.privateKey,
    get port() {
      return server.port;
    },
    async restartWithNewHostKey() {
      const port = server.port;
      await server.close();
      server = await startLoopbackSftpServer({
        root,
        user,
        password,
        publicKey: userKey.publicKey,
        hostKey: generateHostKey(),
        port,
      });
    },
    close: () => server.close(),
  };
}
