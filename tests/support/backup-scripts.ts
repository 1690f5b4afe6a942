/**
 * The backup scripts as an operator runs them, and the orders both backup tests write and look for
 * (tests/integration/backup-restore.test.ts for the embedded database, tests/postgres/backup-restore.test.ts
 * for PostgreSQL).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { orders } from "../../app/db/schema";
import { createCustomer, createOrder } from "./order-factories";

export const execFileAsync = promisify(execFile);

export type ScriptRun = { code: number; stdout: string; stderr: string };

/** `npm run db:<name> -- args` as an operator runs it (the same node --import tsx command), with only this env. */
export async function runScript(
  name: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ["--import", "tsx", `scripts/db-${name}.ts`, ...args],
      {
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
        timeout: 120_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** Three orders as the checkout stores them: two paid, one waiting for payment. */
export async function placeOrders(database: Database) {
  const customer = await createCustomer(database.db, { email: "backup.klant@example.nl" });
  await createOrder(database.db, customer.id, {
    paymentStatus: "paid",
    items: [{ productName: "Kettingolie 100 ml", priceCents: 895, quantity: 2 }],
  });
  await createOrder(database.db, customer.id, {
    paymentStatus: "paid",
    items: [{ productName: "Remblokjes", priceCents: 1_450 }],
  });
  await createOrder(database.db, customer.id, { items: [{ productName: "Binnenband 28 inch", priceCents: 599 }] });
}

export async function ordersIn(database: Database) {
  return database.db
    .select({ id: orders.id, total: orders.totalAmountCents, paymentStatus: orders.paymentStatus })
    .from(orders)
    .orderBy(asc(orders.totalAmountCents));
}

export const EXPECTED_ORDERS = [
  // By hand: 599; 1 450; 2 × 895 = 1 790.
  { total: 599, paymentStatus: "unpaid" },
  { total: 1_450, paymentStatus: "paid" },
  { total: 1_790, paymentStatus: "paid" },
];
