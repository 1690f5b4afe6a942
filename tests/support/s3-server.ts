import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's one account: it checks every request's SigV4 signature against this key pair. */
export const S3RVER_KEY = "S3RVER";

export type S3Request = { method: string; path: string; query: URLSearchParams; bytes: number };

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** Every request the server answered, with the size of its body (its Content-Length). */
  requests: S3Request[];
  /** Called as each request arrives, before s3rver handles it. */
  onRequest: ((request: S3Request) => void) | null;
  /** The environment that points the shop at this server (STORAGE=s3). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver: S3's REST API, SigV4 checked, objects on disk in a temporary
 * folder) on a free loopback port, with one bucket. Each request is noted (method, path, declared
 * body size) beside s3rver's own handling, so a test can see how an upload was sent.
 */
export async function startTestS3Server(bucket = "trapkracht-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "tk-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const requests: S3Request[] = [];
  let started: TestS3Server | null = null;
  // s3rver keeps its http.Server here once it runs (not in its documented API).
  const httpServer = (server as unknown as { httpServer: Server }).httpServer;
  httpServer.prependListener("request", (req: IncomingMessage) => {
    const url = new URL(req.url ?? "/", endpoint);
    const request: S3Request = {
      method: req.method ?? "",
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      bytes: Number(req.headers["content-length"] ?? 0),
    };
    requests.push(request);
    started?.onRequest?.(request);
  });
  started = {
    endpoint,
    bucket,
    requests,
    onRequest: null,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_REGION: "eu-central-1",
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return started;
}
