import { describe, expect, it } from "vitest";
import { loadConfig } from "~/shared/config/env.server";
import {
  checkOutboundHost,
  checkOutboundUrl,
  isAllowedAddress,
  normaliseHost,
  OutboundRefusedError,
  resolveOutboundHost,
} from "./outbound.server";

const strict = { allowLoopback: false };
const demo = { allowLoopback: true };

describe("the outbound address policy", () => {
  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows the public address %s", (ip) => {
    expect(isAllowedAddress(ip, strict)).toBe(true);
  });

  it.each([
    "10.0.0.1",
    "10.0.0.5",
    "172.31.255.255",
    "192.168.0.10",
    "169.254.169.254",
    "100.64.0.0",
    "100.64.1.1",
    "100.127.255.255",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fdff:ffff::1",
    "fe80::1",
    "febf:ffff::1",
    "ff02::1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::a9fe:a9fe",
    "::169.254.169.254",
    "64:ff9b::169.254.169.254",
    "64:ff9b::192.168.0.1",
    "not-an-ip",
  ])("refuses %s, also with the loopback allowance", (ip) => {
    expect(isAllowedAddress(ip, strict)).toBe(false);
    expect(isAllowedAddress(ip, demo)).toBe(false);
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1"])(
    "allows loopback %s only with the allowance",
    (ip) => {
      expect(isAllowedAddress(ip, strict)).toBe(false);
      expect(isAllowedAddress(ip, demo)).toBe(true);
    },
  );
});

describe("checkOutboundUrl", () => {
  it.each([
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is not a public address"],
    ["http://10.0.0.5:8080/", "10.0.0.5 is not a public address"],
    ["http://[::ffff:169.254.169.254]/", "is not a public address"],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal is a cloud metadata service"],
    ["http://METADATA.GOOGLE.INTERNAL./", "is a cloud metadata service"],
    // Decimal, octal and hex forms of 169.254.169.254: the URL standard reads them as that address.
    ["http://2852039166/", "169.254.169.254 is not a public address"],
    ["http://0251.0376.0251.0376/", "169.254.169.254 is not a public address"],
    ["http://0xa9fea9fe/", "169.254.169.254 is not a public address"],
    ["http://0xa9.0xfe.0xa9.0xfe/", "169.254.169.254 is not a public address"],
    ["http://[fc00::1]/", "is not a public address"],
    ["http://[fd00::5]:8080/", "is not a public address"],
    ["http://[fe80::1]/", "is not a public address"],
    ["http://0.0.0.0:3000/", "0.0.0.0 is not a public address"],
    ["http://0/", "0.0.0.0 is not a public address"],
    ["http://100.64.0.1/", "100.64.0.1 is not a public address"],
    ["http://[::1]/", "is not a public address"],
    ["http://127.0.0.1:3000/", "127.0.0.1 is not a public address"],
    ["http://2130706433/", "127.0.0.1 is not a public address"],
    ["file:///etc/passwd", "only http and https"],
    ["gopher://example.com/", "only http and https"],
    ["http://user:pw@example.com/", "credentials"],
  ])("refuses %s", (url, message) => {
    expect(() => checkOutboundUrl(url, strict)).toThrow(OutboundRefusedError);
    expect(() => checkOutboundUrl(url, strict)).toThrow(message);
  });

  it("allows loopback literals only with the allowance, and public names and addresses", () => {
    expect(checkOutboundUrl("http://127.0.0.1:3000/x", demo).host).toBe("127.0.0.1:3000");
    expect(checkOutboundUrl("http://[::1]:3000/x", demo).hostname).toBe("[::1]");
    expect(checkOutboundUrl("https://api.leverancier.example/orders", strict).hostname).toBe("api.leverancier.example");
    expect(checkOutboundUrl("https://8.8.8.8/", strict).hostname).toBe("8.8.8.8");
    expect(() => checkOutboundUrl("http://169.254.169.254/", demo)).toThrow(OutboundRefusedError);
  });
});

describe("host names of SFTP and FTP servers", () => {
  it.each([
    ["sftp.leverancier.nl", "sftp.leverancier.nl", false],
    ["SFTP.Leverancier.NL", "sftp.leverancier.nl", false],
    ["127.0.0.1", "127.0.0.1", true],
    ["2852039166", "169.254.169.254", true],
    ["0251.0376.0251.0376", "169.254.169.254", true],
    ["0xa9fea9fe", "169.254.169.254", true],
    ["::1", "::1", true],
    ["[fe80::1]", "fe80::1", true],
  ])("reads %s as %s", (input, host, ip) => {
    expect(normaliseHost(input)).toEqual({ host, ip });
  });

  it.each([
    "127.0.0.1;id",
    "file:///etc/passwd",
    "http://example.com",
    "example.com/path",
    "user@example.com",
    "example.com:22",
    "a b",
    "$(id)",
    "-oProxyCommand=id",
    "999.999.999.999",
    "",
  ])("refuses %j as not a host name", (input) => {
    expect(normaliseHost(input)).toBeNull();
  });

  it("resolves a name and refuses it when any address is refused; connects to the checked address", async () => {
    // localhost resolves to loopback: refused without the allowance, the checked address with it.
    await expect(resolveOutboundHost("localhost", strict)).rejects.toThrow(
      /localhost resolves to a non-public address/,
    );
    expect(["127.0.0.1", "::1"]).toContain(await resolveOutboundHost("localhost", demo));
    await expect(resolveOutboundHost("2852039166", demo)).rejects.toThrow("169.254.169.254 is not a public address");
    await expect(resolveOutboundHost("metadata.google.internal", demo)).rejects.toThrow("cloud metadata service");
    await expect(resolveOutboundHost("127.0.0.1;id", demo)).rejects.toThrow("is not a host name or IP address");
    await expect(resolveOutboundHost("[::ffff:169.254.169.254]", demo)).rejects.toThrow("is not a public address");
  });

  it("on save refuses what resolves to a refused address, and lets a name that does not resolve (yet) pass", async () => {
    await expect(checkOutboundHost("localhost", strict)).rejects.toThrow(OutboundRefusedError);
    await expect(checkOutboundHost("10.0.0.5", demo)).rejects.toThrow(OutboundRefusedError);
    await expect(checkOutboundHost("[::ffff:169.254.169.254]", demo)).rejects.toThrow(OutboundRefusedError);
    await expect(checkOutboundHost("localhost", demo)).resolves.toBeUndefined();
    await expect(checkOutboundHost("does-not-exist.invalid", strict)).resolves.toBeUndefined();
  });
});

describe("OUTBOUND_ALLOW_LOOPBACK", () => {
  it("allows loopback by default in the demo and tests, never by default in production on PostgreSQL", () => {
    expect(loadConfig({}).outbound.allowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://x/y" }).outbound.allowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x/y" }).outbound.allowLoopback).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x/y", OUTBOUND_ALLOW_LOOPBACK: "true" }).outbound
        .allowLoopback,
    ).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: "false" }).outbound.allowLoopback).toBe(false);
    // The earlier name still counts.
    expect(loadConfig({ IMAGE_MIGRATION_ALLOW_LOOPBACK: "false" }).outbound.allowLoopback).toBe(false);
  });
});
