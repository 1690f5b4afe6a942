/**
 * Two instances behind nginx on one PostgreSQL (issue 31, ADR 0042). Starts the production server
 * (`node build/server.js`) twice, A and B, on one database with one shared file store, and Debian's
 * nginx in front with the upstream of deploy/nginx.conf and the proxy settings of
 * deploy/trapkracht-proxy.conf. BENCH_SHOPPERS (32) shoppers browse, place orders and pay through
 * nginx for `--seconds` (120) while:
 *
 * - at 25 % of the run B is killed with -9, and started again BENCH_DOWN_SECONDS (5) later;
 * - at 45 %, with both up, an admin changes a price on A (B's kept page must show it within a
 *   second), uploads a carousel image on A (B must serve it) and uploads a stock feed on A
 *   (whichever instance's worker claims it imports it);
 * - at 65 % A is stopped gently (SIGTERM: it finishes what it has, nginx sends the rest to B) and
 *   started again.
 *
 * A shopper whose request fails (an HTTP 5xx or no answer) tries again, as a person would press the
 * button again: the same checkout form (same token), the same payment. At the end every paid order
 * must be stored once and booked once at the supplier (a fake supplier on loopback that counts its
 * bookings per order), and every order a shopper saw confirmed must be paid in the database.
 *
 *   npm run bench:two-instances                    # 2 minutes
 *   npm run bench:two-instances -- --seconds 30    # a short run
 *
 * Storage: both instances use one DATA_DIR (one machine, like a shared disk), unless `--s3`: then
 * each instance has a DATA_DIR of its own and every file goes through a real S3-compatible server
 * (s3rver, started on loopback as the storage tests start it), as on two machines. Other S3
 * settings can be given in BENCH_STORAGE_ENV (`STORAGE=s3 S3_ENDPOINT=… …`, see docs/deploy.md).
 *
 *   npm run bench:two-instances -- --s3           # files in S3, no shared disk
 * Database: BENCH_TWO_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/trapkracht_two_instances),
 * recreated and seeded with the demo catalogue on every run. nginx: BENCH_NGINX (default nginx on PATH
 * or /usr/sbin/nginx).
 */
import "./production-env";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../app/shared/config/env.server";
import { openDatabase } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { createAuth } from "../app/features/accounts/auth.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { buildApp } from "../tests/support/build";
import { startFakeSupplier } from "../tests/support/fake-supplier";
import { startTestS3Server } from "../tests/support/s3-server";
import { createUser, cookieHeaderFrom } from "../tests/support/users";
import { recreatePostgresDatabase } from "./support";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes("=") ? args[at]!.split("=")[1] : (args[at + 1] ?? "");
};
const SECONDS = Number(option("seconds") ?? process.env.BENCH_SECONDS ?? 120);
const WITH_S3 = args.includes("--s3");
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 32);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 5);
const DB_URL = process.env.BENCH_TWO_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_two_instances";
const NGINX = process.env.BENCH_NGINX ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");
const SECRET = "two-instances-secret-0123456789-abcdefghij";
/** Kept pages live this long here, so only the purge across instances can show a change on B in time. */
const PAGE_CACHE_TTL_MS = 30_000;
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);

if (!(SECONDS > 0)) throw new Error(`--seconds expects a positive number, not "${option("seconds")}"`);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: body ? { "content-length": String(body.byteLength), ...options.headers } : options.headers,
        localAddress: options.localAddress,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`${options.method ?? "GET"} ${url}: no answer within ${REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `KEY=value KEY2=value` as an environment. */
function envFrom(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (text ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

type Instance = { name: "A" | "B"; port: number; child: ChildProcess | null; pid: number; output: string };

/** nginx with the repository's upstream (its ports replaced by A's and B's) and proxy snippet. */
function nginxConfig(dir: string, listenPort: number, portA: number, portB: number): string {
  const site = readFileSync("deploy/nginx.conf", "utf8");
  const upstream = /upstream trapkracht \{[\s\S]*?\n\}/.exec(site)?.[0];
  if (!upstream || !upstream.includes("127.0.0.1:3001") || !upstream.includes("127.0.0.1:3002")) {
    throw new Error("deploy/nginx.conf: no upstream trapkracht with 127.0.0.1:3001 and :3002");
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  log_format upstreams '$msec $status $request_method $uri upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${path.join(dir, "access.log")} upstreams;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  ${upstream.replace("127.0.0.1:3001", `127.0.0.1:${portA}`).replace("127.0.0.1:3002", `127.0.0.1:${portB}`)}
  server {
    listen 127.0.0.1:${listenPort};
    include ${path.resolve("deploy/trapkracht-proxy.conf")};
  }
}
`;
}

/** Everything this script started, ended with it whatever happens (a failed check, an error, Ctrl-C). */
const children = new Set<ChildProcess>();
let nginxProcess: ChildProcess | null = null;
process.on("exit", () => {
  // nginx's master ends its workers on SIGTERM; killed with -9 it would leave them running.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null)
      child.kill(child === nginxProcess ? "SIGTERM" : "SIGKILL");
  }
});
process.on("SIGINT", () => process.exit(130));

type Outcome = { at: number; ok: boolean; kind: string; status: number };

async function main() {
  const startedAll = performance.now();
  const s3 = WITH_S3 ? await startTestS3Server("trapkracht-two-instances") : null;
  const storageEnv = { ...s3?.env, ...envFrom(process.env.BENCH_STORAGE_ENV) };
  await recreatePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 4 });
  const { db } = database;
  const logger = createLogger("silent");
  await seedDemoIfEmpty(db, logger);
  const products = rowsOf<{ art_no: number; category_id: number }>(
    await db.execute(sql`select p.art_no, p.category_id from products p join stock s on s.art_no = p.art_no
      where p.is_listed and s.quantity > 0 and p.category_id is not null order by p.art_no limit 40`),
  );
  await db.execute(
    sql`update stock set quantity = 1000000 where art_no in ${sql.raw(`(${products.map((p) => p.art_no).join(",")})`)}`,
  );
  const categories = [...new Set(products.map((p) => p.category_id))];
  // The admin's price change and the feed's stock row go to products no shopper buys.
  const [priced, fed] = rowsOf<{ art_no: number; category_id: number; short_description: string; brand: string }>(
    await db.execute(sql`select art_no, category_id, short_description, brand from products
      where is_listed and category_id is not null and art_no not in ${sql.raw(`(${products.map((p) => p.art_no).join(",")})`)}
      order by art_no limit 2`),
  );
  const admin = await createUser(db, { role: "admin", email: "two-instances-admin@trapkracht.test" });

  const supplier = await startFakeSupplier();
  const { buildDir, workDir, cleanup } = buildApp("two-instances");
  const serverFile = path.join(buildDir, `server-two-instances-${process.pid}.js`);
  execFileSync(process.execPath, ["scripts/build-server.mjs"], {
    env: { ...process.env, SERVER_OUTFILE: serverFile },
    stdio: "pipe",
  });
  const dataDir = path.join(workDir, "data");
  const nginxDir = path.join(workDir, "nginx");
  mkdirSync(nginxDir, { recursive: true });
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;

  const instances: Record<"A" | "B", Instance> = {
    A: { name: "A", port: portA, child: null, pid: 0, output: "" },
    B: { name: "B", port: portB, child: null, pid: 0, output: "" },
  };
  const pids = new Map<number, "A" | "B">();
  const start = async (instance: Instance) => {
    instance.output = "";
    const child = spawn(process.execPath, [serverFile], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(instance.port),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: "loopback",
        DATABASE_URL: DB_URL,
        // With S3 nothing is shared on disk: each instance keeps only its own lock and temporary files.
        DATA_DIR: s3 ? path.join(dataDir, instance.name) : dataDir,
        SEED_DEMO: "false",
        AUTH_SECRET: SECRET,
        LOG_LEVEL: "warn",
        PAGE_CACHE_TTL_MS: String(PAGE_CACHE_TTL_MS),
        PAYMENT_PROVIDER: "local",
        LOCAL_PAYMENTS_ALLOWED: "true",
        SUPPLIER_API_URL: supplier.url,
        SUPPLIER_USERNAME: "bench",
        SUPPLIER_PASSWORD: "bench-password",
        SUPPLIER_DEBTOR_NUMBER: "12345",
        OUTBOUND_ALLOW_LOOPBACK: "true",
        ...storageEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    instance.child = child;
    children.add(child);
    instance.pid = child.pid!;
    pids.set(child.pid!, instance.name);
    const keep = (chunk: Buffer) => (instance.output = (instance.output + chunk.toString("utf8")).slice(-20_000));
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`${instance.name} exited at start:\n${instance.output}`);
        return (await request(`http://127.0.0.1:${instance.port}/readyz`)).status === 200;
      },
      180_000,
      `${instance.name} ready`,
    ).catch((error: unknown) => {
      if (child.exitCode !== null) throw new Error(`${instance.name} exited at start:\n${instance.output}`);
      throw new Error(`${String(error)}\n${instance.output.slice(-3000)}`);
    });
  };
  const exited = (instance: Instance) =>
    new Promise<number | null>((resolve) => {
      const child = instance.child!;
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once("exit", (code) => resolve(code));
    });

  await Promise.all([start(instances.A), start(instances.B)]);
  writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig(nginxDir, proxyPort, portA, portB));
  const nginx = spawn(
    NGINX,
    ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-e", path.join(nginxDir, "error.log")],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(nginx);
  nginxProcess = nginx;
  let nginxOutput = "";
  nginx.stderr!.on("data", (chunk: Buffer) => (nginxOutput += chunk.toString("utf8")));
  await waitUntil(
    async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${nginxOutput}`);
      return (await request(`${publicUrl}/readyz`)).status === 200;
    },
    10_000,
    "nginx",
  );

  // A session in the shared database, signed with the shared secret: valid on both instances.
  const auth = createAuth({
    db,
    config: loadConfig({ NODE_ENV: "production", DATABASE_URL: DB_URL, AUTH_SECRET: SECRET, PUBLIC_URL: publicUrl }),
    logger,
  });
  const adminCookie = cookieHeaderFrom(
    await auth.api.signInEmail({ body: { email: admin.email, password: admin.password }, asResponse: true }),
  );

  console.log(
    `A on :${portA} (pid ${instances.A.pid}), B on :${portB} (pid ${instances.B.pid}), nginx on :${proxyPort}; ` +
      `${SHOPPERS} shoppers for ${SECONDS} s; storage ${storageEnv.STORAGE ?? "shared DATA_DIR"}`,
  );

  // ---- the shoppers ----
  const t0 = performance.now();
  // nginx logs wall-clock seconds: the load's start on that clock.
  const proxyStartedAt = Date.now() / 1000;
  const now = () => (performance.now() - t0) / 1000;
  const outcomes: Outcome[] = [];
  const intended = new Set<string>();
  const confirmed = new Set<string>();
  let addressCounter = 0;
  const nextAddress = () => {
    addressCounter += 1;
    return `127.4.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  };
  let running = true;

  /** One request through nginx, counted; a 5xx or no answer is a failure. */
  const shop = async (kind: string, p: string, address: string, form?: Record<string, string>) => {
    try {
      const res = await request(publicUrl + p, {
        method: form ? "POST" : "GET",
        headers: form ? { "content-type": "application/x-www-form-urlencoded", origin: publicUrl } : {},
        body: form ? new URLSearchParams(form).toString() : undefined,
        localAddress: address,
      });
      outcomes.push({ at: now(), ok: res.status < 500, kind, status: res.status });
      return res;
    } catch {
      outcomes.push({ at: now(), ok: false, kind, status: 0 });
      return null;
    }
  };
  /** Asks again (same form) until it gets an answer that is not a failure, as a shopper would. */
  const persist = async (kind: string, p: string, address: string, form?: Record<string, string>) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await shop(kind, p, address, form);
      if (res && res.status < 500) return res;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${kind} ${p}: no answer after 20 attempts`);
  };

  const shopper = async (n: number) => {
    let i = 0;
    while (running) {
      i++;
      const address = nextAddress();
      const product = products[(n * 7 + i) % products.length]!;
      await persist("home", "/", address);
      await persist("category", `/products?cat=${categories[(n + i) % categories.length]}`, address);
      await persist("product", `/product/${product.art_no}`, address);
      const token = randomUUID();
      intended.add(token);
      const placed = await persist("place order", "/checkout", address, {
        intent: "place",
        checkoutToken: token,
        couponCode: "",
        items: JSON.stringify([{ artNo: product.art_no, quantity: 1 + (i % 2) }]),
        firstName: "Bench",
        lastName: `Klant ${n}-${i}`,
        email: `klant${n}-${i}@example.nl`,
        phone: "",
        address: "Fietsstraat",
        houseNumber: String(1 + (i % 90)),
        houseNumberAddition: "",
        postalCode: "1234 AB",
        city: "Utrecht",
      });
      const payUrl = placed.headers.location;
      if (placed.status !== 303 || !payUrl?.includes("/betaalpagina/")) {
        throw new Error(`place order answered ${placed.status} ${placed.body.toString("utf8").slice(0, 300)}`);
      }
      const payPath = new URL(payUrl, publicUrl).pathname;
      const paid = await persist("pay", payPath, address, { intent: "pay", method: "ideal", bank: "ING" });
      const successUrl = paid.headers.location;
      if (!successUrl?.includes("/checkout/success")) {
        throw new Error(`payment answered ${paid.status} ${paid.body.toString("utf8").slice(0, 300)}`);
      }
      const success = await persist(
        "confirmation",
        new URL(successUrl, publicUrl).pathname + new URL(successUrl, publicUrl).search,
        address,
      );
      if (success.status === 200) confirmed.add(token);
    }
  };
  const load = Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));

  const sleepUntil = (share: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + share * SECONDS * 1000 - performance.now())));
  const events: { name: string; from: number; to: number }[] = [];

  // ---- B killed with -9, started again ----
  const say = (text: string) => console.log(`${now().toFixed(1).padStart(6)} s  ${text}`);
  await sleepUntil(0.25);
  say(`kill -9 B (${outcomes.length} requests so far)`);
  const killAt = now();
  instances.B.child!.kill("SIGKILL");
  await exited(instances.B);
  await new Promise((resolve) => setTimeout(resolve, DOWN_SECONDS * 1000));
  await start(instances.B);
  say(`B ready again (pid ${instances.B.pid})`);
  events.push({ name: "B killed (-9) and started again", from: killAt, to: now() });

  // ---- with both up: price, carousel image, feed, each through A ----
  await sleepUntil(0.45);
  say("admin changes through A");
  const direct = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
  // As nginx would pass them on: the public Host, so the form's Origin is the request's own.
  const adminHeaders = { origin: publicUrl, host: `127.0.0.1:${proxyPort}`, cookie: adminCookie };
  // B keeps the product page (asked twice: the second is from its memory).
  const productPage = async () => request(`${direct(instances.B)}/product/${priced!.art_no}`);
  await productPage();
  const keptOnB = (await productPage()).headers["x-page-cache"];
  const newPrice = "123,45";
  const priceForm = new URLSearchParams({
    intent: "update",
    artNo: String(priced!.art_no),
    brand: priced!.brand,
    shortDescription: priced!.short_description,
    longDescriptionHtml: "<p>Prijs gewijzigd op A</p>",
    categoryId: String(priced!.category_id),
    consumerPrice: newPrice,
    discountedPrice: "",
    vatRate: "21",
    status: "1",
    stockQuantity: "50",
    images: "",
    colour: "",
    material: "",
    size: "",
    type: "",
    articleKeyword: "",
  }).toString();
  const priceChanged = await request(`${direct(instances.A)}/admin/products`, {
    method: "POST",
    headers: { ...adminHeaders, "content-type": "application/x-www-form-urlencoded" },
    body: priceForm,
  });
  const priceSeenMs =
    priceChanged.status < 400
      ? await waitUntil(async () => (await productPage()).body.toString("utf8").includes(newPrice), 5_000, "price on B")
      : NaN;

  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f5d1b40000000049454e44ae426082",
    "hex",
  );
  const multipart = (fields: Record<string, string>, file: { name: string; type: string; content: Buffer }) => {
    const boundary = `----bench${randomUUID()}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
  };
  const image = multipart({}, { name: "slide.png", type: "image/png", content: png });
  const uploaded = await request(`${direct(instances.A)}/admin/homepage/upload`, {
    method: "POST",
    headers: { ...adminHeaders, "content-type": image.type },
    body: image.body,
  });
  const imageUrl = (JSON.parse(uploaded.body.toString("utf8") || "{}") as { url?: string }).url ?? "";
  const onA = imageUrl ? await request(direct(instances.A) + imageUrl) : null;
  const onB = imageUrl ? await request(direct(instances.B) + imageUrl) : null;
  const imageServedByB =
    uploaded.status === 200 && onA?.status === 200 && onB?.status === 200 && onB.body.equals(onA.body);

  const feed = multipart(
    { kind: "stock" },
    { name: "voorraad.csv", type: "text/csv", content: Buffer.from(`ArtNo;ArtQuantity\n${fed!.art_no};77\n`) },
  );
  const feedUploaded = await request(`${direct(instances.A)}/admin/feeds/upload`, {
    method: "POST",
    headers: { ...adminHeaders, "content-type": feed.type },
    body: feed.body,
  });
  const runId = /\/admin\/feeds\/runs\/(\d+)/.exec(String(feedUploaded.headers.location ?? ""))?.[1];
  events.push({ name: "admin changes through A", from: 0.45 * SECONDS, to: now() });

  // ---- A stopped gently (SIGTERM), started again ----
  await sleepUntil(0.65);
  say("SIGTERM to A");
  const termAt = now();
  instances.A.child!.kill("SIGTERM");
  const termCode = await exited(instances.A);
  const exitedAt = now();
  say(`A exited (${termCode}), starting again`);
  await start(instances.A);
  say(`A ready again (pid ${instances.A.pid})`);
  events.push({ name: "A stopped (SIGTERM) until it exited", from: termAt, to: exitedAt });
  events.push({ name: "A down and starting again", from: exitedAt, to: now() });

  await sleepUntil(1);
  running = false;
  await load;
  const loadSeconds = now();
  say("load over; waiting for every paid order's dropshipment");

  // ---- every paid order once, booked once ----
  await waitUntil(
    async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from orders
          where payment_status = 'paid' and dropshipment_status is distinct from 'completed'`),
      )[0]!.n === 0,
    120_000,
    "every paid order dropshipped",
  ).catch((error: unknown) => console.error(String(error)));
  // The feed's run, once it has ended: a claim by an instance that was stopped meanwhile is taken over
  // by the other when its lease runs out.
  let feedRun = { status: "not uploaded", claimedBy: "", stock: -1 };
  if (runId) {
    await waitUntil(
      async () => {
        const [run] = rowsOf<{ status: string }>(
          await db.execute(sql`select status from supplier_feed_runs where id = ${Number(runId)}`),
        );
        return run?.status !== "queued" && run?.status !== "running";
      },
      180_000,
      "feed run",
    ).catch(() => undefined);
    const [run] = rowsOf<{ status: string; locked_by: string | null; quantity: number }>(
      await db.execute(sql`select r.status, j.locked_by, s.quantity from supplier_feed_runs r
        left join jobs j on j.queue = 'supplier-feed' and j.payload->>'runId' = r.id::text
        left join stock s on s.art_no = ${fed!.art_no}
        where r.id = ${Number(runId)}`),
    );
    const pid = Number(String(run?.locked_by ?? "").split("-")[0]);
    feedRun = { status: run?.status ?? "?", claimedBy: pids.get(pid) ?? `pid ${pid}`, stock: run?.quantity ?? -1 };
  }
  const stored = rowsOf<{ id: number; token: string; payment_status: string; dropshipment_status: string | null }>(
    await db.execute(sql`select id, checkout_token as token, payment_status, dropshipment_status from orders`),
  );
  const paidOrders = stored.filter((o) => o.payment_status === "paid");
  const tokens = new Map<string, number>();
  for (const o of stored) tokens.set(o.token, (tokens.get(o.token) ?? 0) + 1);
  const duplicates = [...tokens.values()].filter((n) => n > 1).length;
  const paidTokens = new Set(paidOrders.map((o) => o.token));
  const lost = [...confirmed].filter((t) => !paidTokens.has(t)).length;
  const bookingRequests = new Map<string, number>();
  for (const r of supplier.requests) {
    if (r.order) bookingRequests.set(r.order.reference, (bookingRequests.get(r.order.reference) ?? 0) + 1);
  }
  const bookedOnce = paidOrders.filter((o) => supplier.orders.has(String(o.id))).length;
  const bookedUnpaid = [...supplier.orders.keys()].filter(
    (ref) => !paidOrders.some((o) => String(o.id) === ref),
  ).length;
  const resent = [...bookingRequests.values()].filter((n) => n > 1).length;

  // ---- failed requests, by phase ----
  const inWindow = (o: Outcome, e: { from: number; to: number }) => o.at >= e.from && o.at <= e.to + 2;
  const failed = outcomes.filter((o) => !o.ok);
  const killWindow = events[0]!;
  const termWindow = events[2]!;
  const downWindow = events[3]!;
  const failedAtKill = failed.filter((o) => inWindow(o, killWindow));
  const failedAtTerm = failed.filter((o) => inWindow(o, termWindow));
  const failedWhileADown = failed.filter((o) => !inWindow(o, termWindow) && inWindow(o, downWindow));
  const failedElsewhere = failed.length - failedAtKill.length - failedAtTerm.length - failedWhileADown.length;
  const byKind = (list: Outcome[]) =>
    Object.entries(
      list.reduce<Record<string, number>>(
        (acc, o) => (
          (acc[`${o.kind} ${o.status || "no answer"}`] = (acc[`${o.kind} ${o.status || "no answer"}`] ?? 0) + 1),
          acc
        ),
        {},
      ),
    )
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ") || "none";
  const access = readFileSync(path.join(nginxDir, "access.log"), "utf8").split("\n").filter(Boolean);
  const retriedByNginx = access.filter((line) => /upstream=\S+, \S+/.test(line)).length;
  const failedByNginx = access
    .filter((line) => /^\S+ 5\d\d /.test(line))
    .map((line) => {
      const [msec, ...rest] = line.split(" ");
      return `${(Number(msec) - proxyStartedAt).toFixed(1)} s ${rest.join(" ")}`;
    });
  const servedBy = { A: 0, B: 0 };
  for (const line of access) {
    const last = /upstream=(?:\S+, )*127\.0\.0\.1:(\d+)/.exec(line)?.[1];
    if (Number(last) === portA) servedBy.A++;
    else if (Number(last) === portB) servedBy.B++;
  }

  const result = {
    seconds: +loadSeconds.toFixed(1),
    shoppers: SHOPPERS,
    requests: outcomes.length,
    requestsPerSecond: +(outcomes.length / loadSeconds).toFixed(1),
    servedByA: servedBy.A,
    servedByB: servedBy.B,
    ordersIntended: intended.size,
    ordersConfirmed: confirmed.size,
    ordersStored: stored.length,
    ordersPaid: paidOrders.length,
    duplicates,
    lost,
    supplierBookedOnce: bookedOnce,
    supplierBookedUnpaid: bookedUnpaid,
    supplierRequests: supplier.requests.length,
    supplierResentReferences: resent,
    failedRequests: failed.length,
    failedAtKill: failedAtKill.length,
    failedAtSigterm: failedAtTerm.length,
    failedWhileADown: failedWhileADown.length,
    failedOtherwise: failedElsewhere,
    retriedByNginx,
    sigtermExitCode: termCode,
    priceKeptOnBBefore: keptOnB ?? null,
    priceSeenOnBMs: Number.isNaN(priceSeenMs) ? null : Math.round(priceSeenMs),
    imageServedByB,
    feedRun,
  };
  const ok =
    duplicates === 0 &&
    lost === 0 &&
    paidOrders.length === confirmed.size &&
    bookedOnce === paidOrders.length &&
    bookedUnpaid === 0 &&
    failedElsewhere === 0 &&
    failedAtTerm.length === 0 &&
    priceSeenMs < 1000 &&
    imageServedByB &&
    feedRun.status === "succeeded" &&
    feedRun.stock === 77;

  console.log(`
Two instances behind nginx, ${SHOPPERS} shoppers for ${loadSeconds.toFixed(0)} s (${(performance.now() - startedAll) / 1000 > 0 ? ((performance.now() - startedAll) / 1000).toFixed(0) : "?"} s in all)
  requests                ${outcomes.length} (${result.requestsPerSecond}/s), nginx sent ${servedBy.A} to A and ${servedBy.B} to B, ${retriedByNginx} to both (next upstream)
  orders                  ${intended.size} placed, ${confirmed.size} confirmed to the shopper, ${stored.length} stored, ${paidOrders.length} paid
  duplicates / lost       ${duplicates} / ${lost}
  supplier                ${bookedOnce} of ${paidOrders.length} paid orders booked once, ${bookedUnpaid} bookings of no paid order, ${supplier.requests.length} requests (${resent} orders sent again and answered "already known")
  failed requests         at the kill -9 of B (${killWindow.from.toFixed(0)}–${(killWindow.to + 2).toFixed(0)} s): ${failedAtKill.length} (${byKind(failedAtKill)})
                          at the SIGTERM of A (${termWindow.from.toFixed(0)}–${(termWindow.to + 2).toFixed(0)} s, exit ${termCode}): ${failedAtTerm.length} (${byKind(failedAtTerm)})
                          while A was down and starting (${downWindow.from.toFixed(0)}–${(downWindow.to + 2).toFixed(0)} s, B alone): ${failedWhileADown.length} (${byKind(failedWhileADown)})
                          otherwise: ${failedElsewhere}
  nginx answers ≥ 500     ${failedByNginx.length ? "\n" + failedByNginx.map((l) => `                          ${l}`).join("\n") : "none"}
  price change on A       B's page was a ${keptOnB ?? "?"} before, showed the new price after ${Number.isNaN(priceSeenMs) ? "never" : `${Math.round(priceSeenMs)} ms`}
  carousel image on A     ${imageServedByB ? "served by B, same bytes" : `NOT served by B (upload ${uploaded.status}, B ${onB?.status ?? "-"})`}
  feed uploaded on A      run ${runId ?? "-"}: ${feedRun.status}, claimed by ${feedRun.claimedBy || "-"}, stock now ${feedRun.stock}
  verdict                 ${ok ? "OK" : "NOT OK"}
`);
  console.log(JSON.stringify(result));

  running = false;
  const nginxEnded = new Promise((resolve) => nginx.once("exit", resolve));
  nginx.kill("SIGTERM");
  await nginxEnded;
  for (const instance of Object.values(instances)) instance.child?.kill("SIGTERM");
  await Promise.all(Object.values(instances).map((i) => exited(i)));
  await supplier.close();
  await s3?.close();
  await database.close();
  rmSync(serverFile, { force: true });
  // nginx's and the instances' last words, for a look after the run.
  const keep = path.resolve("tmp/two-instances-last");
  rmSync(keep, { recursive: true, force: true });
  mkdirSync(keep, { recursive: true });
  for (const name of ["access.log", "error.log"]) {
    if (existsSync(path.join(nginxDir, name)))
      writeFileSync(path.join(keep, `nginx-${name}`), readFileSync(path.join(nginxDir, name)));
  }
  for (const instance of Object.values(instances))
    writeFileSync(path.join(keep, `${instance.name}.log`), instance.output);
  cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
