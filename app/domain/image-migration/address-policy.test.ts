import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config/env.server";
import { isAllowedAddress } from "./address-policy";
import { classifyImageUrl } from "./image-urls";
import { cardImageSources } from "./stored-image-name";

describe("the image download address policy", () => {
  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows the public address %s", (ip) => {
    expect(isAllowedAddress(ip, { allowLoopback: false })).toBe(true);
  });

  it.each([
    "10.0.0.1",
    "172.31.255.255",
    "192.168.0.10",
    "169.254.169.254",
    "100.64.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::192.168.0.1",
    "not-an-ip",
  ])("refuses %s, also with the loopback allowance", (ip) => {
    expect(isAllowedAddress(ip, { allowLoopback: false })).toBe(false);
    expect(isAllowedAddress(ip, { allowLoopback: true })).toBe(false);
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])(
    "allows loopback %s only with the allowance",
    (ip) => {
      expect(isAllowedAddress(ip, { allowLoopback: false })).toBe(false);
      expect(isAllowedAddress(ip, { allowLoopback: true })).toBe(true);
    },
  );

  it("allows loopback by default in the demo and tests, never by default in production on PostgreSQL", () => {
    expect(loadConfig({}).imageMigration.allowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://x/y" }).imageMigration.allowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x/y" }).imageMigration.allowLoopback).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x/y", IMAGE_MIGRATION_ALLOW_LOOPBACK: "true" })
        .imageMigration.allowLoopback,
    ).toBe(true);
    expect(loadConfig({ IMAGE_MIGRATION_ALLOW_LOOPBACK: "false" }).imageMigration.allowLoopback).toBe(false);
  });
});

describe("classifyImageUrl", () => {
  it.each([
    ["https://cdn.example.com/a.jpg", "external"],
    ["HTTP://cdn.example.com/a.jpg", "external"],
    ["/media/images/10001-0123456789abcdef-800.webp", "stored"],
    ["/media/images/../../etc", "broken"],
    ["/media/product/10001-1.svg", "generated"],
    ["/media/product/missing.svg", "broken"],
    ["/placeholder.svg", "local"],
    ["//evil.example/a.jpg", "broken"],
    ["javascript:alert(1)", "broken"],
  ])("%s is %s", (url, kind) => {
    expect(classifyImageUrl(url).kind).toBe(kind);
  });
});

describe("cardImageSources", () => {
  it("gives a migrated image's 400 px file to cards, the 800 px one for sharp screens", () => {
    expect(cardImageSources("/media/images/10021-3072675db64b8e3b-800.webp")).toEqual({
      src: "/media/images/10021-3072675db64b8e3b-400.webp",
      srcSet: "/media/images/10021-3072675db64b8e3b-400.webp 1x, /media/images/10021-3072675db64b8e3b-800.webp 2x",
    });
    expect(cardImageSources("/media/product/10001-1.svg")).toEqual({ src: "/media/product/10001-1.svg" });
    expect(cardImageSources("https://cdn.example.com/a-800.webp")).toEqual({
      src: "https://cdn.example.com/a-800.webp",
    });
  });
});
