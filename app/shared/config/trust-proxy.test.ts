import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default: the client address is the socket's", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("takes a hop count", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: " 2 " }).trustProxy).toBe(2);
  });

  it("takes a comma list of addresses, subnets and Express's names", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,loopback, fd00::/8, ::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "loopback",
      "fd00::/8",
      "::1",
    ]);
  });

  it.each([
    ["true", "vertrouwt elke afzender"],
    ["10.0.0.300", "10.0.0.300"],
    ["10.0.0.0/33", "10.0.0.0/33"],
    ["proxy.example.nl", "proxy.example.nl"],
    ["-1", "-1"],
    ["1,", "lege waarde"],
  ])("refuses %j with a clear message", (value, part) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(part);
  });
});
