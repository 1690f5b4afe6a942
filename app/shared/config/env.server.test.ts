import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

describe("loadConfig", () => {
  it("runs on embedded defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      publicUrl: "http://127.0.0.1:3000",
      databaseUrl: undefined,
      dataDir: "./data",
      seedDemo: true,
      smtpUrl: undefined,
    });
  });

  it("respects PORT, HOST and PUBLIC_URL, and ignores empty values", () => {
    const config = loadConfig({ PORT: "8080", HOST: "0.0.0.0", PUBLIC_URL: "https://shop.example.nl/", SMTP_URL: "" });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("0.0.0.0");
    expect(config.publicUrl).toBe("https://shop.example.nl");
    expect(config.smtpUrl).toBeUndefined();
  });

  it("reports every invalid variable in one Dutch message", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "negentig", DATABASE_URL: "mysql://x", SEED_DEMO: "misschien" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("Ongeldige configuratie");
    expect(message).toContain("PORT");
    expect(message).toContain("SEED_DEMO");
    expect(message).toContain("DATABASE_URL moet met postgres:// of postgresql:// beginnen");
  });
});
