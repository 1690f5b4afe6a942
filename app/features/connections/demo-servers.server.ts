import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/shared/config/env.server";
import { DEMO_PRODUCT_COUNT, generateProducts } from "~/db/seed/product-generator";
import {
  generateHostKey,
  startLoopbackFtpServer,
  startLoopbackSftpServer,
  writeSampleSupplierFiles,
  type LoopbackServer,
} from "./loopback-servers.server";

/** The demo servers' public account (a demo on loopback, holding sample files only). */
export const DEMO_FILE_ACCOUNT = { user: "demo-leverancier", password: "demo-bestanden" };

/**
 * The embedded demo's supplier file servers: SFTP and FTP on 127.0.0.1 (random ports) with the
 * supplier's sample files under DATA_DIR/demo-supplier, and the config's SFTP/FTP defaults pointing at
 * them so the tabs are prefilled. Only with the demo defaults (no DATABASE_URL, DEMO_FILE_SERVERS not
 * false) and only for a kind without its own *_HOST; a production shop never starts them.
 */
export async function startDemoFileServers(
  config: Config,
): Promise<{ config: Config; servers: { name: string; server: LoopbackServer }[] }> {
  if (!config.connections.demoServers || config.databaseUrl) return { config, servers: [] };
  const base = path.resolve(config.dataDir, "demo-supplier");
  const servers: { name: string; server: LoopbackServer }[] = [];
  let connections = config.connections;
  if (!config.connections.sftp.host) {
    const root = path.join(base, "sftp");
    writeSampleSupplierFiles(root);
    writeDemoFeedFiles(root);
    // A host key kept across restarts, so the admin's accepted (pinned) key stays valid.
    const keyFile = path.join(base, "sftp-host-key");
    if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, generateHostKey(), { mode: 0o600 });
    const server = await startLoopbackSftpServer({
      root,
      ...DEMO_FILE_ACCOUNT,
      hostKey: fs.readFileSync(keyFile, "utf8"),
    });
    servers.push({ name: "demo SFTP server", server });
    connections = {
      ...connections,
      sftp: { ...connections.sftp, host: "127.0.0.1", port: server.port, ...demoAccount() },
    };
  }
  if (!config.connections.ftp.host) {
    const root = path.join(base, "ftp");
    writeSampleSupplierFiles(root);
    writeDemoFeedFiles(root);
    const server = await startLoopbackFtpServer({ root, ...DEMO_FILE_ACCOUNT });
    servers.push({ name: "demo FTP server", server });
    connections = {
      ...connections,
      ftp: { ...connections.ftp, host: "127.0.0.1", port: server.port, ...demoAccount() },
    };
  }
  return { config: { ...config, connections }, servers };
}

const demoAccount = () => ({ user: DEMO_FILE_ACCOUNT.user, password: DEMO_FILE_ACCOUNT.password });

/**
 * A stock feed of the demo catalogue in feeds/ on the demo servers, for trying Supplier Feeds
 * (/admin/feeds): "feeds/voorraad.csv" restocks the last five listed products that are in stock.
 */
export function writeDemoFeedFiles(root: string) {
  const dir = path.join(root, "feeds");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "voorraad.csv");
  if (fs.existsSync(file)) return;
  const inStock = [...generateProducts(DEMO_PRODUCT_COUNT)]
    .filter((p) => p.status === 1 && p.brand && p.shortDescription && (p.stockQuantity ?? 0) > 0)
    .slice(-5);
  fs.writeFileSync(
    file,
    ["ArtNo;ArtQuantity;Status", ...inStock.map((p) => `${p.artNo};40;leverbaar`)].join("\n") + "\n",
  );
}
