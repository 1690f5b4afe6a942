import { Writable } from "node:stream";
import { Client, FTPError } from "basic-ftp";
import { cleanFtpError, connectFtp, type Connection } from "~/features/connections/index.server";
import { createLog, withTimeout } from "~/features/connections";

export type FtpDownload =
  { ok: true; body: ReadableStream<Uint8Array> } | { ok: false; status: 404 | 502; error: string };

/**
 * Opens the file at `remotePath` (already checked by checkFtpPath) on the stored FTP connection and
 * streams it: the bytes go to the admin's browser as they arrive, with the browser's own pace
 * (backpressure), never held whole in memory. Answers only once the server has sent the first bytes
 * or finished, so a missing file or a folder is a 404 rather than a broken download; a transfer that
 * breaks later errors the stream, so the browser sees a failed download, not a short file.
 */
export async function openFtpDownload(
  connection: Connection,
  remotePath: string,
  onStreamError: (error: unknown) => void,
): Promise<FtpDownload> {
  const ms = connection.timeoutMs;
  const client = new Client(ms);
  const log = createLog();
  try {
    await connectFtp(client, connection, log);
  } catch (error) {
    client.close();
    return { ok: false, status: 502, error: cleanFtpError(error) };
  }

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let resume: (() => void) | null = null;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        const next = resume;
        resume = null;
        next?.();
      },
      cancel() {
        cancelled = true;
        client.close();
      },
    },
    { highWaterMark: 8 },
  );
  let firstBytes!: () => void;
  const started = new Promise<void>((resolve) => (firstBytes = resolve));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      firstBytes();
      if (cancelled) return done();
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 1) > 0) done();
      else resume = () => done();
    },
  });
  const transfer = client.downloadTo(sink, remotePath);
  const settled = transfer.then(
    () => ({ error: null }),
    (error: unknown) => ({ error }),
  );
  const first = await withTimeout(
    Promise.race([started.then(() => null), settled]),
    ms,
    `No data within ${ms} ms`,
    () => client.close(),
  ).catch((error: unknown) => ({ error }));
  if (first && first.error) {
    client.close();
    const missing = first.error instanceof FTPError && first.error.code >= 550 && first.error.code <= 553;
    return missing
      ? { ok: false, status: 404, error: "There is no file at this path on the FTP server" }
      : { ok: false, status: 502, error: cleanFtpError(first.error) };
  }
  void settled.then(({ error }) => {
    client.close();
    if (cancelled) return;
    try {
      if (error) {
        onStreamError(error);
        controller.error(error);
      } else controller.close();
    } catch {
      // the reader went away meanwhile
    }
  });
  return { ok: true, body };
}
