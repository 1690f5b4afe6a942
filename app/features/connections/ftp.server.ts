import { Readable, Writable } from "node:stream";
import { Client, FileType, FTPError, type FileInfo } from "basic-ftp";
import { XMLValidator } from "fast-xml-parser";
import { connectTarget, type Connection } from "./connections.server";
import { createLog, errorText, withTimeout, type Log } from "./logs";
import type { FtpFileEntry, FtpResult } from "./types";

export type { FtpFileEntry, FtpResult };

export const MAX_XML_BYTES = 256 * 1024;
const MAX_ANSWER_BYTES = 256 * 1024;

/** Why `xml` is not a well-formed XML document, or null when it is. */
export function xmlProblem(xml: string): string | null {
  if (xml.trim() === "") return "The XML request is empty";
  if (Buffer.byteLength(xml) > MAX_XML_BYTES) return `The XML request is larger than ${MAX_XML_BYTES / 1024} KB`;
  const valid = XMLValidator.validate(xml);
  return valid === true ? null : `Not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`;
}

/** Logs `client` in to the stored connection (outbound address policy, FTPS name), within its timeout. */
export async function connectFtp(client: Client, connection: Connection, log: Log) {
  const ms = connection.timeoutMs;
  log.info(
    `Connecting to ${connection.host}:${connection.port} as ${connection.user}${connection.secure ? " (FTPS)" : ""}`,
  );
  const target = await connectTarget(connection);
  const greeting = await withTimeout(
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
  log.info(`Logged in: ${greeting.code} ${greeting.message.split("\n")[0]}`);
}

/**
 * spec 2 §7.4 connect-ftp-server: "test" (log in and list), "list" (the files in the remote folder)
 * or "xml" (send an XML document as a file and read the server's answer file, if it leaves one).
 */
export async function runFtp(
  connection: Connection,
  request: { action: "test" | "list" | "xml"; remotePath?: string; fileContent?: string },
): Promise<FtpResult> {
  const log = createLog();
  const out: FtpResult = {
    success: false,
    message: "FTP Connection Failed",
    error: null,
    files: [],
    fileContent: null,
    fileName: null,
    logs: log.lines,
  };
  const ms = connection.timeoutMs;
  const client = new Client(ms);
  const close = () => client.close();
  try {
    await connectFtp(client, connection, log);
    const folder = request.remotePath || connection.remotePath || "/";
    if (request.action === "xml") {
      const fileName = `order-request-${new Date().toISOString().replace(/[:.]/g, "-")}.xml`;
      const target = `${folder.replace(/\/+$/, "")}/${fileName}`;
      const reply = await withTimeout(
        client.uploadFrom(Readable.from([Buffer.from(request.fileContent ?? "", "utf8")]), target),
        ms,
        `Upload took longer than ${ms} ms`,
        close,
      );
      log.info(`Sent ${target}: ${reply.message}`);
      out.fileName = fileName;
      const answerPath = target.replace(/\.xml$/, ".answer.xml");
      try {
        out.fileContent = await withTimeout(
          download(client, answerPath),
          ms,
          `Reading took longer than ${ms} ms`,
          close,
        );
        log.info(`Server's answer read from ${answerPath}`);
      } catch {
        out.fileContent = reply.message;
        log.info(`No answer file; the server replied ${reply.message}`);
      }
    } else {
      const list = await withTimeout(client.list(folder), ms, `Listing took longer than ${ms} ms`, close);
      log.info(`Listed ${folder}: ${list.length} entries`);
      const exact = await withTimeout(
        exactTimes(client, folder, list),
        ms,
        `Reading the times took longer than ${ms} ms`,
        close,
      );
      if (exact.size) log.info(`Exact times of ${exact.size} entries read (MDTM)`);
      out.files = list.map((f) => {
        const modified = f.modifiedAt ?? exact.get(f.name);
        return {
          type: f.type === FileType.Directory ? "d" : f.type === FileType.SymbolicLink ? "l" : "-",
          name: f.name,
          size: f.size,
          // An exact moment (ISO) when the server told one; else its LIST text as it is ("Nov 23 23:21").
          date: modified ? modified.toISOString() : f.rawModifiedAt || null,
        };
      });
    }
    out.success = true;
    out.message = "FTP Connection Successful";
  } catch (error) {
    out.error = cleanFtpError(error);
    log.error(`Failed: ${out.error}`);
  } finally {
    client.close();
    log.info("Connection closed");
  }
  return out;
}

/** MDTM questions per listing at most: each is a round trip, and the admin waits for the list. */
const MAX_EXACT_TIMES = 200;

/**
 * The exact modification times of entries a LIST line gave only as text. A LIST line says
 * "Nov 23 23:21": no year, and in the server's own zone, which it does not name. MDTM (RFC 3659)
 * answers in UTC to the second, so the admin can read the time in Amsterdam. Servers that list with
 * MLSD already gave exact times; an entry the server will not answer for keeps its text.
 */
async function exactTimes(client: Client, folder: string, list: FileInfo[]): Promise<Map<string, Date>> {
  const times = new Map<string, Date>();
  const wanted = list.filter((f) => !f.modifiedAt).slice(0, MAX_EXACT_TIMES);
  if (wanted.length === 0 || !(await client.features()).has("MDTM")) return times;
  const base = folder.replace(/\/+$/, "");
  for (const entry of wanted) {
    try {
      const time = await client.lastMod(`${base}/${entry.name}`);
      if (!Number.isNaN(time.getTime())) times.set(entry.name, time);
    } catch (error) {
      // 550 for a folder or an unreadable file: that entry keeps its LIST text. A closed connection
      // (the timeout) ends the listing as it would any other step.
      if (!(error instanceof FTPError)) throw error;
    }
  }
  return times;
}

async function download(client: Client, remotePath: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) return done(new Error("The answer is too large"));
      chunks.push(chunk);
      done();
    },
  });
  await client.downloadTo(sink, remotePath);
  return Buffer.concat(chunks).toString("utf8");
}

export function cleanFtpError(error: unknown): string {
  const text = errorText(error);
  if (/^530\b|Login incorrect|Login authentication failed/i.test(text))
    return "Login failed: check the user and password";
  if (/ECONNREFUSED/.test(text)) return "The server refused the connection (is the host and port right?)";
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return "The host name was not found";
  return text;
}
