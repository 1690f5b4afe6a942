import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { loadConfig, type Config } from "../../app/shared/config/env.server";
import type { Db } from "../../app/db/client.server";
import { createAuth, type Auth } from "../../app/features/accounts/auth.server";
import { createLogger, type Logger } from "../../app/shared/logging/logger.server";
import { createApp } from "../../server/app";

export const TEST_AUTH_SECRET = "test-secret-0123456789-abcdefghijklmnop";

export type TestApp = {
  url: string;
  config: Config;
  /** The app's own better-auth instance (same secret and database), e.g. to read a session. */
  auth: Auth;
  /** fetch relative to the app, without following redirects. */
  get: (path: string, init?: RequestInit) => Promise<Response>;
  /** GET a page and return its status and HTML. */
  html: (path: string, init?: RequestInit) => Promise<{ status: number; html: string }>;
  /** POST a form as the shop's own pages do (same-origin), without following redirects. */
  post: (path: string, fields: Record<string, string>, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

/**
 * Serves the real production build over HTTP on a free loopback port, backed by the given database.
 * The port is taken first, so PUBLIC_URL (links in e-mails, OAuth redirect, origin check) is the real one.
 */
export async function startTestApp(
  db: Db,
  env: Record<string, string> = {},
  /** logger: e.g. one writing to a stream the test reads; silent (TEST_LOG_LEVEL) by default. */
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const buildDir = inject("buildDir");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    SEED_DEMO: "false",
    PUBLIC_URL: url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    // The tests play the proxy in front of the shop: X-Forwarded-For gives each test its own client
    // address. The shop's own default (no trusted proxy) is tested with TRUST_PROXY: "".
    TRUST_PROXY: "loopback",
    // Tests write the database directly and read the page at once; the page cache's own tests
    // (page-cache.test.ts) turn it on.
    PAGE_CACHE_TTL_MS: "0",
    ...env,
  });
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const auth = createAuth({ db, config, logger });
  const app = createApp({ db, config, logger, auth, build, clientDir: path.join(buildDir, "client") });
  server.on("request", app);
  const get = (p: string, init?: RequestInit) => fetch(url + p, { redirect: "manual", ...init });
  return {
    url,
    config,
    auth,
    get,
    html: async (p, init) => {
      const res = await get(p, init);
      return { status: res.status, html: await res.text() };
    },
    post: (p, fields, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", url);
      return get(p, { ...init, method: "POST", headers, body: new URLSearchParams(fields).toString() });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
