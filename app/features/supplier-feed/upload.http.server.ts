import { randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { formatFileSize } from "~/shared/files/file-size";
import { isNoSpaceError } from "~/shared/files/write-file.server";
import type { Storage } from "~/shared/storage/index.server";
import { displayFileName } from "./feed-form";

export type ReceivedUpload =
  | { ok: true; fields: Record<string, string>; key: string; fileName: string; bytes: number }
  | { ok: false; status: 400 | 413 | 507; message: string };

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;

/**
 * Streams a multipart upload (the settings fields first, then the field "file") straight into the
 * shop's store ("feeds" area: DATA_DIR/supplier-feeds, or the bucket every instance shares, so the
 * instance that claims the import finds it): a feed of hundreds of megabytes never sits in memory.
 * Past `maxBytes` the partial file is removed and the answer is 413.
 */
export async function receiveFeedUpload(request: Request, storage: Storage, maxBytes: number): Promise<ReceivedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.toLowerCase().startsWith("multipart/form-data"))
    return { ok: false, status: 400, message: "Send the file with the upload form" };
  const key = `upload-${randomUUID()}.feed`;

  const fields: Record<string, string> = {};
  type Received = { name: string; bytes: number; truncated: boolean; done: Promise<void>; writeError?: unknown };
  let file: Received | null = null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: maxBytes, parts: MAX_FIELDS + 1 },
    });
  } catch {
    return { ok: false, status: 400, message: "Send the file with the upload form" };
  }
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || file) {
      stream.resume();
      return;
    }
    const entry: Received = {
      name: displayFileName(info.filename),
      bytes: 0,
      truncated: false,
      done: Promise.resolve(),
    };
    stream.on("data", (chunk: Buffer) => (entry.bytes += chunk.length));
    stream.on("limit", () => (entry.truncated = true));
    const out = new PassThrough();
    // Its failure reaches the answer through entry.done; the store may not be listening yet (it
    // opens its file or upload first), and an unheard 'error' would end the process.
    out.on("error", () => undefined);
    entry.done = storage.putStream(key, out, "application/octet-stream").then(
      () => undefined,
      (error: unknown) => {
        // A failed write (a full disk, a store that refused): the rest of the file is read and
        // dropped, so the request still ends and the answer can say why.
        entry.writeError = error;
        stream.unpipe(out);
        stream.resume();
        throw error;
      },
    );
    // Awaited once the request is read; meanwhile a rejection must not count as unhandled (that ends the process).
    entry.done.catch(() => undefined);
    stream.on("error", (error) => out.destroy(error));
    stream.pipe(out);
    file = entry;
  });
  const remove = () => storage.delete(key).catch(() => undefined);
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
    await (file as Received | null)?.done;
  } catch (error) {
    await remove();
    if (isNoSpaceError((file as Received | null)?.writeError ?? error))
      return {
        ok: false,
        status: 507,
        message: "The server's disk is full; the file was not kept. Free some space and try again",
      };
    return { ok: false, status: 400, message: "The upload was broken off; try again" };
  }
  const received = file as { name: string; bytes: number; truncated: boolean } | null;
  if (!received) return { ok: false, status: 400, message: "Choose a file to import" };
  if (received.truncated) {
    await remove();
    return { ok: false, status: 413, message: `The file is larger than the limit of ${formatFileSize(maxBytes)}` };
  }
  if (received.bytes === 0) {
    await remove();
    return { ok: false, status: 400, message: "The file is empty" };
  }
  return { ok: true, fields, key, fileName: received.name, bytes: received.bytes };
}
