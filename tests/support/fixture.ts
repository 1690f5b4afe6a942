import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../app/db/client.server";
import { startTestApp, type TestApp } from "./app";
import { createTestDatabase } from "./db";

type Env = Record<string, string>;

export type TestAppFixture = {
  /** The app under test, over HTTP on loopback. */
  app: TestApp;
  /** Its fresh, migrated database. */
  database: Database;
  /**
   * Starts the app again on the same database and environment (a new port), e.g. after a test
   * closed it to play a crash; `app` then reaches the new one, and the fixture closes it at the end.
   */
  restartApp: () => Promise<void>;
};

/**
 * A fresh, migrated, empty database for the enclosing file or `describe` block: created in
 * beforeAll, closed in afterAll. `database` reaches it once created; before that (at module level,
 * or in a hook registered earlier) its members throw.
 */
export function useTestDatabase(): Database {
  let current: Database | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const get = (): Database => current ?? notYet("database");
  return {
    get db() {
      return get().db;
    },
    get kind() {
      return get().kind;
    },
    close: () => get().close(),
  };
}

/**
 * The app on a fresh database for the enclosing file or `describe` block: beforeAll creates the
 * database and starts the app on it, afterAll closes the app, then the database. `app` and
 * `database` reach them once started, so tests and later hooks use them directly; before that their
 * members throw. `env` is the app's extra environment, or a function that gives it when the app
 * starts (for the URL of a fake started in an earlier beforeAll).
 */
export function useTestApp(env: Env | (() => Env) = {}): TestAppFixture {
  const database = useTestDatabase();
  let current: TestApp | undefined;
  let appEnv: Env = {};
  beforeAll(async () => {
    appEnv = typeof env === "function" ? env() : env;
    current = await startTestApp(database.db, appEnv);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const get = (): TestApp => current ?? notYet("app");
  const app: TestApp = {
    get url() {
      return get().url;
    },
    get config() {
      return get().config;
    },
    get auth() {
      return get().auth;
    },
    get: (path, init) => get().get(path, init),
    html: (path, init) => get().html(path, init),
    post: (path, fields, init) => get().post(path, fields, init),
    close: () => get().close(),
  };
  return {
    app,
    database,
    restartApp: async () => {
      current = await startTestApp(database.db, appEnv);
    },
  };
}

function notYet(what: string): never {
  throw new Error(`The test ${what} is not started yet: use it in tests and in hooks registered after useTestApp().`);
}
