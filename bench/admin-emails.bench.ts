/**
 * E-mails tab benchmark (issue 29, ADR 0036): an outbox of 200 000 mails (97 % sent, 2 % waiting, 1 %
 * failed) on PostgreSQL and PGlite (in memory). Measures the banner's read that the /admin layout
 * makes on every admin page (healthy, failing, and without SMTP with thousands waiting) and the
 * list: first page, each state filter, a deep keyset page, and searches (one address, a term every
 * mail has, a term no mail has: the worst case, a walk over the whole outbox). Domain calls only.
 *
 *   npm run bench:admin-emails
 *   BENCH_MAILS=200000 BENCH_REQUESTS=100 BENCH_ONLY=postgres npm run bench:admin-emails
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/trapkracht_bench_mail (or BENCH_ADMIN_EMAILS_DATABASE_URL),
 * seeded on the first run and reused.
 */
import "./production-env";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { getMailDeliveryHealth, listMails } from "../app/features/admin-emails/index.server";
import { parseAdminEmailsQuery } from "../app/features/admin-emails";
import { ensurePostgresDatabase, percentile } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_EMAILS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_mail";
const MAILS = Number(process.env.BENCH_MAILS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 10;
const ONLY = process.env.BENCH_ONLY;

/** Mails written a minute apart, oldest first; one in 100 failed, one in 50 waiting, the newest sent. */
async function seed(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from outbox`));
  if (n >= MAILS) return false;
  console.log(`  seeding ${MAILS} mails…`);
  const started = performance.now();
  await db.execute(sql`truncate outbox`);
  await db.execute(sql`
    insert into outbox (kind, to_address, subject, text_body, html_body, status, attempts, last_error, last_error_at, created_at, sent_at)
    select 'order-confirmation',
           'klant' || g || '@example.nl',
           'Bevestiging van je bestelling ' || g,
           'Bedankt voor je bestelling.',
           '<p>Bedankt voor je bestelling.</p>',
           case when g % 100 = 37 then 'failed' when g % 50 = 11 then 'pending' else 'sent' end,
           case when g % 100 = 37 then 5 when g % 50 = 11 then 0 else 1 end,
           case when g % 100 = 37 then '550 mailbox unavailable' end,
           case when g % 100 = 37 then now() - ((${MAILS} - g) * interval '1 minute') + interval '30 seconds' end,
           now() - ((${MAILS} - g) * interval '1 minute'),
           case when g % 100 <> 37 and g % 50 <> 11 then now() - ((${MAILS} - g) * interval '1 minute') + interval '5 seconds' end
    from generate_series(1, ${MAILS}) g`);
  await db.execute(sql`analyze outbox`);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await fn();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(44)} p50 ${percentile(timings, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(timings, 95).toFixed(1).padStart(7)} ms`,
  );
}

const query = (search: string) => {
  const parsed = parseAdminEmailsQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
};

async function run(label: string, database: Database) {
  const db = database.db;
  console.log(`\n${label}`);
  await seed(db);
  // As migration 0057 does: the trigram indexes' statistics, which decide the search's plan.
  await db.execute(sql`analyze outbox`);
  const oldest = rowsOf<{ id: number }>(await db.execute(sql`select min(id) + 100 as id from outbox`))[0]!.id;

  // The seed's newest mail is sent after the newest failure: healthy.
  await time("banner, SMTP configured, healthy", () => getMailDeliveryHealth(db, { smtpConfigured: true }));
  console.log(`    ${JSON.stringify(await getMailDeliveryHealth(db, { smtpConfigured: true }))}`);
  await time("banner, no SMTP, 4 000 waiting (cap 1 000)", () => getMailDeliveryHealth(db, { smtpConfigured: false }));
  // A failure newer than every delivery: the banner's failing case.
  await db.execute(
    sql`update outbox set last_error = '421 try later', last_error_at = now() + interval '1 hour' where id = (select max(id) - 1 from outbox)`,
  );
  await time("banner, SMTP configured, failing", () => getMailDeliveryHealth(db, { smtpConfigured: true }));
  console.log(`    ${JSON.stringify(await getMailDeliveryHealth(db, { smtpConfigured: true }))}`);
  await db.execute(
    sql`update outbox set last_error = null, last_error_at = null where id = (select max(id) - 1 from outbox)`,
  );

  await time("list, first page", () => listMails(db, query("")));
  await time("list, ?status=failed", () => listMails(db, query("status=failed")));
  await time("list, ?status=pending", () => listMails(db, query("status=pending")));
  await time("list, deep page (?after= near the oldest)", () => listMails(db, query(`after=${oldest}`)));
  await time("list, ?q=<one address>", () => listMails(db, query(`q=klant${Math.floor(MAILS / 2)}@example.nl`)));
  await time("list, ?q=example.nl (every mail)", () => listMails(db, query("q=example.nl")));
  await time("list, ?q=<no match> (whole outbox)", () => listMails(db, query("q=nergens-te-vinden")));
}

async function main() {
  console.log(`E-mails tab: ${MAILS} mails, ${REQUESTS} requests each after ${WARMUP} warm-up`);
  if (ONLY !== "pglite") {
    await ensurePostgresDatabase(DB_URL);
    const pgDb = await openDatabase({ kind: "postgres", url: DB_URL });
    try {
      await run(`PostgreSQL (${DB_URL.replace(/\/\/[^@]*@/, "//")})`, pgDb);
    } finally {
      await pgDb.close();
    }
  }
  if (ONLY !== "postgres") {
    const lite = await openDatabase({ kind: "pglite" });
    try {
      await run("PGlite (in memory)", lite);
    } finally {
      await lite.close();
    }
  }
}

await main();
