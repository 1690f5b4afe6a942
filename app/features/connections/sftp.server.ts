import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import SftpClient from "ssh2-sftp-client";
import { connectTarget, type Connection } from "./connections.server";
import { createLog, errorText, safeFileName, withTimeout } from "./logs";
import type { FileUpload, SftpTestResult } from "./types";

/** Files fetched per test, and the largest one fetched (bigger ones are reported, not fetched). */
export const MAX_SFTP_FILES = 50;
export const MAX_SFTP_FILE_BYTES = 20 * 1024 * 1024;

export type { FileUpload, SftpTestResult };

export const sftpFilesDir = (dataDir: string) => path.resolve(dataDir, "supplier-files", "sftp");

export function fingerprintOf(key: Buffer): string {
  return `SHA256:${crypto.createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

/**
 * The SFTP "Test" (spec 2 §7.4 test-sftp-connection): connect (only to the pinned host key), list the
 * remote folder, fetch its regular files into the shop's file store, report each.
 */
export async function testSftpConnection(connection: Connection, dataDir: string): Promise<SftpTestResult> {
  const log = createLog();
  const fileUploads: FileUpload[] = [];
  let presented: string | null = null;
  const client = new SftpClient("trapkracht-sftp-test");
  const ms = connection.timeoutMs;
  const end = () => void client.end().catch(() => undefined);
  const result = (
    success: boolean,
    message: string,
    details: string | null,
    hostKey: SftpTestResult["hostKey"] = null,
  ) => ({
    success,
    message,
    details,
    fileUploads,
    logs: log.lines,
    hostKey,
  });

  log.info(`Connecting to ${connection.host}:${connection.port} as ${connection.user} (${connection.logonType})`);
  if (connection.logonType === "interactive") {
    const ssh = (client as unknown as { client: import("ssh2").Client }).client;
    ssh.on("keyboard-interactive", (_name, _instructions, _lang, prompts, finish) => {
      log.info(`Keyboard-interactive: ${prompts.length} prompt(s) answered`);
      finish(prompts.map(() => connection.password));
    });
  }
  const auth = sftpAuth(connection);
  if (!auth) {
    log.error("No SSH agent on the server (SSH_AUTH_SOCK is not set)");
    return result(false, "SFTP Connection Failed", "No SSH agent is available on the server");
  }
  try {
    const target = await connectTarget(connection);
    await withTimeout(
      client.connect({
        host: target.address,
        port: connection.port,
        username: connection.user,
        readyTimeout: ms,
        retries: 0,
        ...auth,
        hostVerifier: (key: Buffer) => {
          presented = fingerprintOf(key);
          return connection.hostKeySha256 === presented;
        },
      } as SftpClient.ConnectOptions),
      ms,
      `No answer within ${ms} ms`,
      end,
    );
  } catch (error) {
    end();
    if (presented && presented !== connection.hostKeySha256) {
      if (connection.hostKeySha256) {
        log.error(`Host key changed: pinned ${connection.hostKeySha256}, server sent ${presented}`);
        return result(
          false,
          "SFTP Connection Failed",
          "The server's host key has changed since it was accepted. The connection was refused: check with the supplier before accepting the new key.",
          { fingerprint: presented, status: "changed" },
        );
      }
      log.info(`New host key ${presented}: not yet accepted`);
      return result(false, "SFTP Connection Failed", "Check and accept the server's host key, then test again.", {
        fingerprint: presented,
        status: "new",
      });
    }
    log.error(`Connection failed: ${errorText(error)}`);
    return result(false, "SFTP Connection Failed", cleanSshError(error));
  }
  log.info(`Connected; host key ${presented} matches the pinned key`);
  try {
    const folder = connection.remotePath || ".";
    const entries = await withTimeout(client.list(folder), ms, `Listing took longer than ${ms} ms`, end);
    log.info(`Listed ${folder}: ${entries.length} entries`);
    const dir = sftpFilesDir(dataDir);
    await fs.mkdir(dir, { recursive: true });
    for (const entry of entries.filter((e) => e.type === "-").slice(0, MAX_SFTP_FILES)) {
      const remotePath = path.posix.join(folder, entry.name);
      const name = safeFileName(entry.name);
      const upload: FileUpload = { file: entry.name, path: "", remotePath, success: false, error: null };
      fileUploads.push(upload);
      if (!name) {
        upload.error = "Unsafe file name";
        log.error(`Skipped ${entry.name}: unsafe name`);
        continue;
      }
      if (entry.size > MAX_SFTP_FILE_BYTES) {
        upload.error = `Larger than ${MAX_SFTP_FILE_BYTES / 1024 / 1024} MB`;
        log.error(`Skipped ${entry.name}: ${entry.size} bytes is too large`);
        continue;
      }
      try {
        const data = await withTimeout(
          client.get(remotePath) as Promise<Buffer>,
          ms,
          `Fetching took longer than ${ms} ms`,
          end,
        );
        const target = path.join(dir, name);
        await fs.writeFile(target + ".part", data);
        await fs.rename(target + ".part", target);
        upload.path = `supplier-files/sftp/${name}`;
        upload.success = true;
        log.info(`Fetched ${remotePath} (${data.length} bytes) → ${upload.path}`);
      } catch (error) {
        upload.error = errorText(error);
        log.error(`Fetching ${remotePath} failed: ${upload.error}`);
      }
    }
    const fetched = fileUploads.filter((u) => u.success).length;
    return result(true, "SFTP Connection Successful", `${fetched} of ${fileUploads.length} files retrieved`);
  } catch (error) {
    log.error(`Failed: ${errorText(error)}`);
    return result(false, "SFTP Connection Failed", cleanSshError(error));
  } finally {
    await client.end().catch(() => undefined);
    log.info("Connection closed");
  }
}

/** How to log on, for ssh2's connect options; null when the agent is asked for but there is none. */
export function sftpAuth(connection: Connection): Record<string, unknown> | null {
  if (connection.logonType === "agent") return process.env.SSH_AUTH_SOCK ? { agent: process.env.SSH_AUTH_SOCK } : null;
  if (connection.logonType === "key")
    return { privateKey: connection.privateKey, ...(connection.password ? { passphrase: connection.password } : {}) };
  if (connection.logonType === "interactive") return { tryKeyboard: true };
  return { password: connection.password };
}

export function cleanSshError(error: unknown): string {
  const text = errorText(error).replace(/^connect: /, "");
  if (/authentication/i.test(text)) return "Authentication failed: check the user, password or key";
  if (/ECONNREFUSED/.test(text)) return "The server refused the connection (is the host and port right?)";
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return "The host name was not found";
  return text;
}

/** The files the SFTP test has retrieved, newest first. */
export async function listRetrievedFiles(dataDir: string) {
  const dir = sftpFilesDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((n) => safeFileName(n) === n && !n.endsWith(".part"))
      .map(async (name) => {
        const stat = await fs.stat(path.join(dir, name));
        return stat.isFile() ? { name, size: stat.size, modified: stat.mtime.toISOString() } : null;
      }),
  );
  return files.filter((f) => f !== null).sort((a, b) => b.modified.localeCompare(a.modified));
}
