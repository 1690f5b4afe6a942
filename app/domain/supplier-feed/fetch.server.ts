import type { Config } from "~/config/env.server";
import type { DbExecutor } from "~/db/client.server";

/** A feed file downloaded from the supplier's FTP or SFTP server to this server. */
export type FetchedFeed = { path: string; bytes: number };

/**
 * Downloads `remotePath` from the stored FTP or SFTP connection (the admin's FTP/SFTP tabs) into
 * `destPath`, streaming, refusing files over `maxBytes`. Contract shared by the import job
 * (runs.server.ts) and the admin's "import from FTP/SFTP" actions.
 */
export async function fetchRemoteFeed(
  _db: DbExecutor,
  _config: Config,
  _request: { source: "ftp" | "sftp"; remotePath: string; destPath: string; maxBytes: number; signal?: AbortSignal },
): Promise<FetchedFeed> {
  throw new Error("fetchRemoteFeed: not built yet");
}
