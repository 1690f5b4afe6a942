/**
 * JavaScript budget check without PostgreSQL (brief §7: product page ≤ 120 KB gzip): builds the app,
 * serves it on an in-memory PGlite database with the demo catalogue and reports the gzip size of the
 * JavaScript each storefront page loads, file by file with `--files`.
 *
 *   npm run bench:js [-- --files]
 */
import "./production-env";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/shared/config/env.server";
import { openDatabase } from "../app/db/client.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { createApp } from "../server/app";
import { buildApp } from "../tests/support/build";
import { pageJavaScript } from "./page-js";

const PAGES = ["/product/10001", "/", "/products?cat=8", "/sportvoeding", "/cart", "/login", "/contact"];

async function main() {
  const showFiles = process.argv.includes("--files");
  const database = await openDatabase({ kind: "pglite" });
  const logger = createLogger("silent");
  await seedDemoIfEmpty(database.db, logger);
  const { buildDir, cleanup } = buildApp("js");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    SEED_DEMO: "false",
    AUTH_SECRET: "bench-secret-0123456789-abcdefghijklmnop",
  });
  const app = createApp({ db: database.db, config, logger, build, clientDir: path.join(buildDir, "client") });
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const results: Record<string, number> = {};
  for (const page of PAGES) {
    const js = await pageJavaScript(base, page);
    results[page] = js.gzipKb;
    console.log(`${page.padEnd(20)} ${js.gzipKb.toFixed(1).padStart(6)} KB gzip in ${js.files.length} files`);
    if (showFiles) {
      for (const f of js.files) console.log(`    ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.src}`);
    }
  }
  console.log(JSON.stringify({ storefrontJsGzipKb: results }));
  server.closeAllConnections();
  server.close();
  await database.close();
  cleanup();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
