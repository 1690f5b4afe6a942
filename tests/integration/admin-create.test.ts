import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/db/client.server";
import { accounts, users } from "../../app/db/schema";
import {
  createDemoAdmin,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  demoAdminAllowed,
  workingDemoAdminCredentials,
} from "../../app/db/seed/demo-admin.server";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server";
import { createOrPromoteAdmin } from "../../app/features/admin-users/admin-accounts.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { startTestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { useTestDatabase } from "../support/fixture";
import { createUser } from "../support/users";

const SCRIPT_TIMEOUT = 120_000;

/**
 * The database the script writes to, as an operator would point it there: DATABASE_URL naming a fresh
 * PostgreSQL database (when TEST_DATABASE_URL is set), else the embedded PGlite under a temporary
 * DATA_DIR. PGlite allows one process per directory, so the test opens it only while no script runs.
 */
type Target = { env: Record<string, string>; open: () => Promise<Database>; cleanup: () => Promise<void> };

async function createTarget(): Promise<Target> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "trapkracht-admin-create-"));
    // Start from the migrated template (a fresh on-disk migration takes ~10 s); the script still
    // runs its own migration check, as it would on a real data directory.
    const seeded = await openDatabase({
      kind: "pglite",
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
    });
    await seeded.close();
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `trapkracht_admincreate_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 }),
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Runs `node --import tsx scripts/admin-create.ts …` as npm run admin:create does. */
function runScript(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", ...args],
      { cwd: process.cwd(), env: childEnv },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Signs in through a real app on the database, as the login form would: one app for all the
 * sign-ins a test makes (starting one is most of a sign-in's time), closed when they are done.
 */
async function withSignIn(
  database: Database,
  use: (signIn: (email: string, password: string) => Promise<number>) => Promise<void>,
) {
  const app = await startTestApp(database.db);
  try {
    await use(
      async (email, password) =>
        (await app.auth.api.signInEmail({ body: { email, password }, asResponse: true })).status,
    );
  } finally {
    await app.close();
  }
}

async function userByEmail(database: Database, email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("npm run admin:create", () => {
  let target: Target;
  beforeAll(async () => {
    target = await createTarget();
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  it(
    "creates an admin who can sign in at once",
    async () => {
      const run = await runScript(
        ["--email", " Eigenaar@Trapkracht.test ", "--password", "sterk-wachtwoord"],
        target.env,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Beheerder aangemaakt: eigenaar@trapkracht.test");

      const database = await target.open();
      try {
        const user = await userByEmail(database, "eigenaar@trapkracht.test");
        expect(user).toMatchObject({ role: "admin", isActive: true, emailVerified: true });
        await withSignIn(database, async (signIn) => {
          expect(await signIn("eigenaar@trapkracht.test", "sterk-wachtwoord")).toBe(200);
          expect(await signIn("eigenaar@trapkracht.test", "verkeerd-wachtwoord")).toBe(401);
        });
        // A customer to promote in the next test.
        await createUser(database.db, { email: "wordt.beheerder@example.nl", password: "oud-wachtwoord" });
      } finally {
        await database.close();
      }
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "promotes an existing user and updates an existing admin's password",
    async () => {
      const promote = await runScript(
        ["--email=wordt.beheerder@example.nl", "--password=nieuw-wachtwoord"],
        target.env,
      );
      expect(promote.code).toBe(0);
      expect(promote.stdout).toContain(
        "Bestaande gebruiker wordt.beheerder@example.nl is nu beheerder; het wachtwoord is ingesteld",
      );
      const again = await runScript(["--email", "eigenaar@trapkracht.test", "--password", "nog-sterker"], target.env);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("eigenaar@trapkracht.test was al beheerder; het wachtwoord is bijgewerkt");

      const database = await target.open();
      try {
        expect(await userByEmail(database, "wordt.beheerder@example.nl")).toMatchObject({ role: "admin" });
        await withSignIn(database, async (signIn) => {
          expect(await signIn("wordt.beheerder@example.nl", "nieuw-wachtwoord")).toBe(200);
          expect(await signIn("wordt.beheerder@example.nl", "oud-wachtwoord")).toBe(401);
          expect(await signIn("eigenaar@trapkracht.test", "nog-sterker")).toBe(200);
        });
        // Still one user and one password account each.
        const [n] = await database.db.select({ n: count() }).from(accounts);
        expect(Number(n!.n)).toBe(2);
      } finally {
        await database.close();
      }
    },
    SCRIPT_TIMEOUT,
  );

  it.each([
    [["--email", "geen-adres", "--password", "geheim123"], "Voer een geldig e-mailadres in"],
    [["--email", "kort@example.nl", "--password", "12345"], "Wachtwoord moet minimaal 6 tekens bevatten"],
    [["--email", "kort@example.nl"], "Ontbreekt: --password"],
    [["--password", "geheim123"], "Ontbreekt: --email"],
    [["--name", "x"], "Onbekende optie: --name"],
  ])(
    "refuses %j with a clear message and changes nothing",
    async (args, message) => {
      const run = await runScript(args, target.env);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe("");
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "left no account behind for refused input",
    async () => {
      const database = await target.open();
      try {
        expect(await userByEmail(database, "kort@example.nl")).toBeUndefined();
        const [n] = await database.db.select({ n: count() }).from(users);
        expect(Number(n!.n)).toBe(2);
      } finally {
        await database.close();
      }
    },
    SCRIPT_TIMEOUT,
  );
});

describe("demo admin", () => {
  const database = useTestDatabase();

  it("is never allowed in production on PostgreSQL", () => {
    expect(demoAdminAllowed({ env: "production", databaseUrl: "postgres://db/shop" })).toBe(false);
    expect(demoAdminAllowed({ env: "production", databaseUrl: undefined })).toBe(true);
    expect(demoAdminAllowed({ env: "development", databaseUrl: "postgres://db/shop" })).toBe(true);
  });

  it(
    "is created with the demo catalogue when asked, signs in, and is reported while its password works",
    async () => {
      await seedDemoIfEmpty(database.db, createLogger("silent"), { demoAdmin: true });
      expect(await userByEmail(database, DEMO_ADMIN_EMAIL)).toMatchObject({ role: "admin", isActive: true });
      await withSignIn(database, async (signIn) => {
        expect(await signIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).toBe(200);
      });
      expect(await workingDemoAdminCredentials(database.db)).toEqual({
        email: DEMO_ADMIN_EMAIL,
        password: DEMO_ADMIN_PASSWORD,
      });
      await createOrPromoteAdmin(database.db, { email: DEMO_ADMIN_EMAIL, password: "een-eigen-wachtwoord" });
      expect(await workingDemoAdminCredentials(database.db)).toBeNull();
      await createDemoAdmin(database.db);
      await database.db.update(users).set({ isActive: false }).where(eq(users.email, DEMO_ADMIN_EMAIL));
      expect(await workingDemoAdminCredentials(database.db)).toBeNull();
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "is not created by the demo seed unless asked",
    async () => {
      const fresh = await createTestDatabase();
      try {
        await seedDemoIfEmpty(fresh.db, createLogger("silent"));
        expect(await userByEmail(fresh, DEMO_ADMIN_EMAIL)).toBeUndefined();
        expect(await workingDemoAdminCredentials(fresh.db)).toBeNull();
      } finally {
        await fresh.close();
      }
    },
    SCRIPT_TIMEOUT,
  );
});
