import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { loadConfig, type Config } from "../../app/config/env.server";
import type { Db } from "../../app/db/client.server";
import { createLogger } from "../../app/lib/logger.server";
import { createApp } from "../../server/app";

export type TestApp = {
  url: string;
  config: Config;
  /** fetch relative to the app, without following redirects. */
  get: (path: string, init?: RequestInit) => Promise<Response>;
  /** GET a page and return its status and HTML. */
  html: (path: string) => Promise<{ status: number; html: string }>;
  close: () => Promise<void>;
};

/** Serves the real production build over HTTP on a free loopback port, backed by the given database. */
export async function startTestApp(db: Db, env: Record<string, string> = {}): Promise<TestApp> {
  const buildDir = inject("buildDir");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const config = loadConfig({ NODE_ENV: "production", PORT: "0", SEED_DEMO: "false", ...env });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const app = createApp({ db, config, logger, build, clientDir: path.join(buildDir, "client") });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (p: string, init?: RequestInit) => fetch(url + p, { redirect: "manual", ...init });
  return {
    url,
    config: { ...config, publicUrl: url },
    get,
    html: async (p) => {
      const res = await get(p);
      return { status: res.status, html: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
