import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server";
import type { Logger } from "../app/shared/logging/logger.server";

/**
 * Emptying the page cache (server/page-cache.ts) of every instance on one PostgreSQL database
 * (issue 31, ADR 0042). A change through one instance (an admin's price edit, a checkout taking
 * stock) empties that instance's cache at once and is announced with NOTIFY; every other instance
 * LISTENs on a connection of its own and empties its cache when the announcement arrives, well within
 * a second. While that connection is down the instance says so in the log and keeps reconnecting;
 * meanwhile other instances' changes show within PAGE_CACHE_TTL_MS, as on a single instance. PGlite
 * is one process by nature: it gets no purge at all (the cache's own clearing suffices).
 */
export type CachePurge = {
  /** This instance changed something: every other instance empties its cache. */
  announce: () => void;
  /** Runs on another instance's announcement, and after the listener was away (announcements may be lost). */
  onPurge: (listener: () => void) => void;
  stop: () => Promise<void>;
};

export const PURGE_CHANNEL = "trapkracht_page_cache";

export type PostgresCachePurgeOptions = {
  url: string;
  /** Announcements go through the shop's pool: they work while this instance's listener is away. */
  db: Db;
  logger: Logger;
  connectTimeoutMs: number;
  /** How often the listening connection is asked whether it still answers. */
  pingIntervalMs?: number;
  /** First wait before reconnecting; doubled up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
};

export function postgresCachePurge(options: PostgresCachePurgeOptions): CachePurge {
  const { url, db, logger } = options;
  const pingIntervalMs = options.pingIntervalMs ?? 10_000;
  const firstDelay = options.reconnectDelayMs ?? 500;
  const maxDelay = options.maxReconnectDelayMs ?? 10_000;
  // Lets an instance tell its own announcements from the others'.
  const self = crypto.randomUUID();
  const listeners: (() => void)[] = [];
  const purgeHere = () => {
    for (const listener of listeners) listener();
  };

  let stopped = false;
  let client: pg.Client | null = null;
  let listening = false;
  /** Whether the listener was ever up: a reconnect after a gap purges, the first connect does not need to. */
  let wasUp = false;
  let delay = firstDelay;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error: unknown) => {
    if (client !== current) return;
    client = null;
    clearInterval(pingTimer);
    current.removeAllListeners("notification");
    current.end().catch(() => undefined);
    if (stopped) return;
    if (listening) {
      logger.warn(
        { err: error },
        "page cache purge listener lost: changes on other instances show within PAGE_CACHE_TTL_MS until it is back",
      );
    }
    listening = false;
    reconnectTimer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  const connect = async () => {
    if (stopped) return;
    const current = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: options.connectTimeoutMs,
      application_name: "trapkracht page cache purge",
    });
    client = current;
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current, new Error("connection ended")));
    current.on("notification", (message) => {
      if (message.channel === PURGE_CHANNEL && message.payload !== self) purgeHere();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${PURGE_CHANNEL}`);
    } catch (error) {
      if (!wasUp && client === current) {
        logger.warn(
          { err: error },
          "page cache purge listener not connected: retrying; other instances' changes show within PAGE_CACHE_TTL_MS",
        );
      }
      lost(current, error);
      return;
    }
    if (client !== current || stopped) {
      await current.end().catch(() => undefined);
      return;
    }
    listening = true;
    delay = firstDelay;
    if (wasUp) {
      logger.info("page cache purge listener back");
      // Announcements made while it was away never arrive: start from an empty cache.
      purgeHere();
    }
    wasUp = true;
    // A connection whose peer vanished without closing it (a frozen server, a dropped route) would
    // otherwise look alive for the kernel's keep-alive time.
    pingTimer = setInterval(() => {
      current
        .query({ text: "select 1", query_timeout: options.connectTimeoutMs } as pg.QueryConfig)
        .catch((error: unknown) => lost(current, error));
    }, pingIntervalMs);
    pingTimer.unref();
  };

  // One announcement at a time; changes meanwhile make one more, not one each (a burst of checkouts).
  let sending = false;
  let again = false;
  const send = async () => {
    sending = true;
    try {
      do {
        again = false;
        await db.execute(sql`select pg_notify(${PURGE_CHANNEL}, ${self})`);
      } while (again && !stopped);
    } catch (error) {
      logger.warn(
        { err: error },
        "page cache purge not announced: other instances show the change within PAGE_CACHE_TTL_MS",
      );
    } finally {
      sending = false;
    }
  };

  void connect();

  return {
    announce: () => {
      if (stopped) return;
      if (sending) again = true;
      else void send();
    },
    onPurge: (listener) => void listeners.push(listener),
    stop: async () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
