import { PassThrough, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Client } from "basic-ftp";
import SftpClient from "ssh2-sftp-client";
import {
  cleanFtpError,
  cleanSshError,
  connectTarget,
  fingerprintOf,
  sftpAuth,
  type Connection,
} from "~/features/connections/index.server";
import { OutboundRefusedError } from "~/shared/outbound/outbound.server";
import { withTimeout } from "~/features/connections";
import type { Storage } from "~/shared/storage/index.server";

/** Why a feed could not be fetched from the supplier's server (the run fails or retries with it). */
export class FeedFetchError extends Error {
  override name = "FeedFetchError";
}

/**
 * A write stream into the store (streamed: a part at a time) that refuses to grow past `maxBytes`
 * (the feed's size limit). It finishes once the store has the whole object; destroyed, the store
 * keeps nothing.
 */
function cappedObject(storage: Storage, key: string, maxBytes: number) {
  const file = new PassThrough();
  // Its failure reaches the caller through `stored`; the store may not be listening yet (it opens
  // its file or upload first), and an unheard 'error' would end the process.
  file.on("error", () => undefined);
  const stored = storage.putStream(key, file, "application/octet-stream");
  // Awaited in final(); a failure before that (the sink destroyed) must not count as unhandled.
  stored.catch(() => undefined);
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new FeedFetchError(`The file is larger than the limit of ${maxBytes} bytes`));
      if (!file.write(chunk)) file.once("drain", () => done());
      else done();
    },
    final(done) {
      file.end();
      stored.then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    },
    destroy(error, done) {
      file.destroy(error ?? new FeedFetchError("The download was broken off"));
      done(error);
    },
  });
  return { sink, size: () => size, stored };
}

/**
 * Downloads `remotePath` from the supplier's FTP or SFTP server (the stored connection of the
 * SFTP/FTP tabs) into the store under `key`, streaming. SFTP only talks to the host key the admin accepted.
 */
export async function fetchFeedFile(
  connection: Connection,
  remotePath: string,
  storage: Storage,
  key: string,
  maxBytes: number,
): Promise<number> {
  if (!connection.host) throw new FeedFetchError(`No ${connection.kind.toUpperCase()} server is set up (see its tab)`);
  const ms = connection.timeoutMs;
  const { sink, size, stored } = cappedObject(storage, key, maxBytes);
  try {
    if (connection.kind === "ftp") await fetchFtp(connection, remotePath, sink, ms);
    else await fetchSftp(connection, remotePath, sink, ms);
    await stored;
    return size();
  } catch (error) {
    sink.destroy();
    await stored.catch(() => undefined);
    await storage.delete(key).catch(() => undefined);
    if (error instanceof FeedFetchError) throw error;
    if (error instanceof OutboundRefusedError) throw new FeedFetchError(error.message);
    throw new FeedFetchError(connection.kind === "ftp" ? cleanFtpError(error) : cleanSshError(error));
  }
}

async function fetchFtp(connection: Connection, remotePath: string, sink: Writable, ms: number) {
  const client = new Client(ms);
  try {
    const target = await connectTarget(connection);
    await withTimeout(
      client.access({
        host: target.address,
        port: connection.port,
        user: connection.user,
        password: connection.password,
        secure: connection.secure,
        ...(target.servername ? { secureOptions: { host: target.servername, servername: target.servername } } : {}),
      }),
      ms,
      `No answer within ${ms} ms`,
      () => client.close(),
    );
    await client.downloadTo(sink, remotePath);
    await new Promise<void>((resolve, reject) =>
      sink.writableFinished ? resolve() : sink.end(resolve).once("error", reject),
    );
  } finally {
    client.close();
  }
}

async function fetchSftp(connection: Connection, remotePath: string, sink: Writable, ms: number) {
  if (!connection.hostKeySha256) throw new FeedFetchError("Accept the SFTP server's host key on the SFTP tab first");
  const auth = sftpAuth(connection);
  if (!auth) throw new FeedFetchError("No SSH agent is available on the server");
  const client = new SftpClient("trapkracht-feed");
  if (connection.logonType === "interactive") {
    const ssh = (client as unknown as { client: import("ssh2").Client }).client;
    ssh.on("keyboard-interactive", (_n, _i, _l, prompts, finish) => finish(prompts.map(() => connection.password)));
  }
  let presented: string | null = null;
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
          return presented === connection.hostKeySha256;
        },
      } as SftpClient.ConnectOptions),
      ms,
      `No answer within ${ms} ms`,
      () => void client.end().catch(() => undefined),
    );
  } catch (error) {
    if (presented && presented !== connection.hostKeySha256)
      throw new FeedFetchError("The SFTP server's host key has changed since it was accepted: the import was refused");
    throw error;
  }
  try {
    await pipeline(client.createReadStream(remotePath), sink);
  } finally {
    await client.end().catch(() => undefined);
  }
}
