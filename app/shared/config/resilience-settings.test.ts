import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

describe("database timeouts and shutdown deadline", () => {
  it("default to 2 s connect, 15 s statement, 5 s lock, 30 s idle in transaction and a 10 s shutdown", () => {
    const config = loadConfig({});
    expect(config.databaseTimeouts).toEqual({
      connectMs: 2000,
      statementMs: 15000,
      lockMs: 5000,
      idleInTransactionMs: 30000,
    });
    expect(config.shutdownTimeoutMs).toBe(10000);
  });

  it("take their values from the environment", () => {
    const config = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      DATABASE_LOCK_TIMEOUT_MS: "2000",
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "60000",
      SHUTDOWN_TIMEOUT_MS: "25000",
    });
    expect(config.databaseTimeouts).toEqual({
      connectMs: 1500,
      statementMs: 30000,
      lockMs: 2000,
      idleInTransactionMs: 60000,
    });
    expect(config.shutdownTimeoutMs).toBe(25000);
  });

  it("refuse a value that is no duration or would switch the limit off", () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "15s", DATABASE_LOCK_TIMEOUT_MS: "0" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("DATABASE_STATEMENT_TIMEOUT_MS: moet een aantal milliseconden zijn");
    expect(message).toContain("DATABASE_LOCK_TIMEOUT_MS: moet minstens 100 (ms) zijn");
  });
});
