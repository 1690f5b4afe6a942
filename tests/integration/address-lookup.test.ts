import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/shared/config/env.server";
import { getAddressLookup } from "../../app/features/address-lookup/index.server";
import { startFakePdok, type FakePdok } from "../support/fake-pdok";
import { useTestApp } from "../support/fixture";
import { signedInUser } from "../support/users";

/**
 * GET /api/adres (issue 30 item 14; ADR 0045) against a real HTTP fake of PDOK's Locatieserver on
 * loopback: found, unknown, slow, down; input refused before anyone is asked; the limit per address.
 */

const ADDRESSES = [
  { postcode: "3511AB", houseNumber: 12, street: "Oudegracht", city: "Utrecht" },
  { postcode: "9711BC", houseNumber: 7, street: "Grote Markt", city: "Groningen" },
  { postcode: "6211CD", houseNumber: 3, street: "Vrijthof", city: "Maastricht" },
  { postcode: "2011EF", houseNumber: 40, street: "Grote Houtstraat", city: "Haarlem" },
  { postcode: "8011GH", houseNumber: 1, street: "Thorbeckegracht", city: "Zwolle" },
];

type Answer = { address: { street: string; city: string } | null };

let ipCounter = 1;

describe("GET /api/adres", () => {
  let pdok: FakePdok;
  beforeAll(async () => {
    pdok = await startFakePdok(ADDRESSES);
  });
  afterAll(async () => {
    await pdok.close();
  });
  const { app, database } = useTestApp(() => ({ ADDRESS_LOOKUP_URL: pdok.url }));

  const ask = async (query: string, headers: Record<string, string> = {}) => {
    const res = await app.get(`/api/adres?${query}`, {
      headers: { "x-forwarded-for": `203.0.113.${ipCounter++}`, ...headers },
    });
    return { status: res.status, cacheControl: res.headers.get("cache-control"), body: (await res.json()) as Answer };
  };

  it("fills street and city for a known postcode and number, asking PDOK for exactly that address", async () => {
    const before = pdok.requests.length;
    const answer = await ask("postcode=3511%20ab&huisnummer=12");
    expect(answer).toEqual({
      status: 200,
      cacheControl: "private, no-store",
      body: { address: { street: "Oudegracht", city: "Utrecht" } },
    });
    const sent = pdok.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("q")).toBe("postcode:3511AB AND huisnummer:12");
    expect(sent[0]!.get("fq")).toBe("type:adres");
    expect(sent[0]!.get("rows")).toBe("1");
  });

  it("takes a number with its letter or addition as the shopper types it", async () => {
    expect((await ask("postcode=9711BC&huisnummer=7a")).body.address).toEqual({
      street: "Grote Markt",
      city: "Groningen",
    });
    expect((await ask("postcode=9711BC&huisnummer=7-2")).body.address).toEqual({
      street: "Grote Markt",
      city: "Groningen",
    });
  });

  it("answers the same address again from memory, without asking PDOK", async () => {
    await ask("postcode=6211CD&huisnummer=3");
    const before = pdok.requests.length;
    expect((await ask("postcode=6211cd&huisnummer=3")).body.address).toEqual({
      street: "Vrijthof",
      city: "Maastricht",
    });
    expect(pdok.requests.length).toBe(before);
  });

  it("answers null for an address the register does not know", async () => {
    expect(await ask("postcode=1234AB&huisnummer=99")).toEqual({
      status: 200,
      cacheControl: "private, no-store",
      body: { address: null },
    });
  });

  it("gives up on a slow service after 1.5 s: null, while PDOK would still have found it", async () => {
    pdok.setDelay(4_000);
    try {
      // The fake would answer with the street after 4 s: null proves the shop stopped waiting first.
      const answer = await ask("postcode=2011EF&huisnummer=40");
      expect(answer.body).toEqual({ address: null });
      expect(answer.status).toBe(200);
    } finally {
      pdok.setDelay(0);
    }
    // The failure is not remembered: once PDOK answers in time, the address is found.
    expect((await ask("postcode=2011EF&huisnummer=40")).body.address).toEqual({
      street: "Grote Houtstraat",
      city: "Haarlem",
    });
  });

  it("answers null while the service is down (connection refused), and finds it again once it is back", async () => {
    await pdok.goDown();
    try {
      expect(await ask("postcode=8011GH&huisnummer=1")).toEqual({
        status: 200,
        cacheControl: "private, no-store",
        body: { address: null },
      });
    } finally {
      await pdok.reopen();
    }
    expect((await ask("postcode=8011GH&huisnummer=1")).body.address).toEqual({
      street: "Thorbeckegracht",
      city: "Zwolle",
    });
  });

  it.each([
    ["no parameters", ""],
    ["postcode starting with 0", "postcode=0123AB&huisnummer=1"],
    ["postcode with SA", "postcode=1234SA&huisnummer=1"],
    ["postcode with SS", "postcode=1234%20ss&huisnummer=1"],
    ["five digits", "postcode=12345&huisnummer=1"],
    ["no house number", "postcode=3511AB"],
    ["house number 0", "postcode=3511AB&huisnummer=0"],
    ["house number of six digits", "postcode=3511AB&huisnummer=123456"],
    ["letters only", "postcode=3511AB&huisnummer=abc"],
    ["NUL in the postcode", "postcode=3511%00AB&huisnummer=12"],
    ["ESC in the number", "postcode=3511AB&huisnummer=1%1B2"],
    ["C1 control after the number", "postcode=3511AB&huisnummer=12%C2%85"],
    ["Solr syntax in the postcode", "postcode=3511AB%20OR%20*:*&huisnummer=12"],
    ["a long postcode", `postcode=${"3511AB".repeat(20)}&huisnummer=12`],
  ])("refuses %s with 400, without asking PDOK", async (_name, query) => {
    const before = pdok.requests.length;
    expect(await ask(query)).toEqual({ status: 400, cacheControl: "private, no-store", body: { address: null } });
    expect(pdok.requests.length).toBe(before);
  });

  it("answers a signed-in customer the same, and keeps it out of shared caches", async () => {
    const { cookie } = await signedInUser(app, database.db);
    expect(await ask("postcode=3511AB&huisnummer=12", { cookie })).toEqual({
      status: 200,
      cacheControl: "private, no-store",
      body: { address: { street: "Oudegracht", city: "Utrecht" } },
    });
  });

  it("allows 60 lookups per client address in ten minutes, then 429; another address goes on", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await ask("postcode=3511AB&huisnummer=12", { "x-forwarded-for": ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await ask("postcode=3511AB&huisnummer=12", { "x-forwarded-for": ip })).body).toEqual({ address: null });
    expect((await ask("postcode=3511AB&huisnummer=12", { "x-forwarded-for": "198.51.100.78" })).status).toBe(200);
  });
});

describe("GET /api/adres under the outbound address policy", () => {
  let pdok: FakePdok;
  beforeAll(async () => {
    pdok = await startFakePdok(ADDRESSES);
  });
  afterAll(async () => {
    await pdok.close();
  });
  // As a production server on PostgreSQL: loopback refused, so a fake (or anything local) is not asked.
  const { app } = useTestApp(() => ({ ADDRESS_LOOKUP_URL: pdok.url, OUTBOUND_ALLOW_LOOPBACK: "false" }));

  it("does not connect to a loopback service where loopback is not allowed", async () => {
    const res = await app.get("/api/adres?postcode=3511AB&huisnummer=12", {
      headers: { "x-forwarded-for": "203.0.113.250" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ address: null });
    expect(pdok.requests).toHaveLength(0);
  });
});

describe("ADDRESS_LOOKUP_URL", () => {
  it("is PDOK's free Locatieserver by default", () => {
    expect(loadConfig({}).addressLookupUrl).toBe("https://api.pdok.nl/bzk/locatieserver/search/v3_1/free");
  });

  it('turns the lookup off with "off"', () => {
    expect(getAddressLookup(loadConfig({ ADDRESS_LOOKUP_URL: "off" }))).toBeNull();
  });

  it("refuses what is not an http(s) URL", () => {
    expect(() => loadConfig({ ADDRESS_LOOKUP_URL: "ftp://pdok.example/free" })).toThrow(/ADDRESS_LOOKUP_URL/);
    expect(() => loadConfig({ ADDRESS_LOOKUP_URL: "pdok" })).toThrow(/ADDRESS_LOOKUP_URL/);
  });
});
