import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { adminChanges, carouselSlides } from "../../app/db/schema";
import { createSlide } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { expectAccessDenied, expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-carousel-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const uploadDir = path.join(dataDir, "uploads", "carousel");
const uploadedFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir).sort() : []);

const { app, database } = useTestApp({ DATA_DIR: dataDir });
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "carousel.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "carousel.klant@example.nl" });
});

const postAs = (cookie: string | null, fields: Record<string, string>) =>
  app.post("/admin/homepage", fields, cookie ? { headers: { cookie } } : {});
const postAsAdmin = (fields: Record<string, string>) => postAs(admin.cookie, fields);

/** The page's visible text, tags removed and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

async function answerText(res: Response) {
  return text(await res.text());
}

/** The slides as stored, in order: [id, sortOrder, title]. */
async function stored(): Promise<{ id: number; sortOrder: number; title: string; isActive: boolean }[]> {
  return db()
    .select({
      id: carouselSlides.id,
      sortOrder: carouselSlides.sortOrder,
      title: carouselSlides.title,
      isActive: carouselSlides.isActive,
    })
    .from(carouselSlides)
    .orderBy(asc(carouselSlides.sortOrder), asc(carouselSlides.id));
}

/** Every row of every table this page can write, to prove a request changed nothing. */
async function snapshot(database: Db) {
  const slides = await database.select().from(carouselSlides).orderBy(asc(carouselSlides.id));
  const changes = await database.select().from(adminChanges).orderBy(asc(adminChanges.id));
  return { slides, changes, files: uploadedFiles() };
}

async function lastChange() {
  const [row] = await db().select().from(adminChanges).orderBy(desc(adminChanges.id)).limit(1);
  return row!;
}

/** The home page's slides in order: the heading of each slide of the hero carousel. */
async function homeSlides(): Promise<string[]> {
  const { html } = await app.html("/");
  return [...html.matchAll(/aria-roledescription="slide"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]!);
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f5d1b40000000049454e44ae426082",
  "hex",
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** The 1 × 1 PNG with another size in its header (and the header's checksum to match): nothing else changes. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The CRC covers the chunk type and data: bytes 12..29 of the IHDR chunk.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function upload(cookie: string | null, file: Blob, name: string) {
  const body = new FormData();
  body.append("file", file, name);
  const headers = new Headers({ origin: app.url });
  if (cookie) headers.set("cookie", cookie);
  return app.get("/admin/homepage/upload", { method: "POST", headers, body });
}

async function clearSlides() {
  await db().delete(carouselSlides);
}

const VALID = {
  intent: "save",
  title: "Voorjaarsactie",
  highlight: "Nieuw",
  text: "Alles voor de eerste rit van het seizoen.",
  bgImage: "/media/hero/1.svg",
  ctaText: "Bekijk",
  ctaLink: "/fietsonderdelen",
};

describe("refused for guests and customers, with no change", () => {
  let slideId = 0;
  beforeAll(async () => {
    await clearSlides();
    slideId = (await createSlide(db(), { title: "Blijft staan", sortOrder: 0 })).id;
    await createSlide(db(), { title: "Ook blijven", sortOrder: 1 });
  });

  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: the page redirects to / with Access Denied`, async () => {
      await expectAdminOnly(app, cookie(), ["/admin/homepage"], { hidden: ["Blijft staan"] });
    });

    it(`${who}: every action is refused and changes nothing`, async () => {
      const actions: Record<string, string>[] = [
        VALID,
        { ...VALID, id: String(slideId), title: "Gekaapt" },
        { intent: "toggle", id: String(slideId), active: "false" },
        { intent: "move", id: String(slideId), direction: "down" },
        { intent: "position", id: String(slideId), position: "2" },
        { ...VALID, id: String(slideId), startsOn: "2030-01-01", endsOn: "2030-01-31" },
        { intent: "delete", id: String(slideId) },
      ];
      await expectAdminOnly(
        app,
        cookie(),
        actions.map((fields) => ({ path: "/admin/homepage", fields })),
        { unchanged: () => snapshot(db()) },
      );
    });

    it(`${who}: the link suggestions are refused`, async () => {
      await expectAdminOnly(app, cookie(), ["/admin/homepage/links?q=test"], { hidden: ["options"] });
    });

    it(`${who}: the upload is refused and nothing is kept`, async () => {
      const before = await snapshot(db());
      await expectAccessDenied(await upload(cookie(), new Blob([PNG], { type: "image/png" }), "slide.png"));
      expect(await snapshot(db())).toEqual(before);
    });
  }
});

describe("the slide table", () => {
  beforeAll(async () => {
    await clearSlides();
    await createSlide(db(), { title: "Tweede slide", sortOrder: 1, highlight: "Actie" });
    await createSlide(db(), { title: "Eerste slide", sortOrder: 0 });
    await createSlide(db(), { title: "Verborgen slide", sortOrder: 2, isActive: false });
  });

  it("lists every slide, inactive ones too, in home-page order, with title, highlight and switch", async () => {
    const { status, html } = await app.html("/admin/homepage", { headers: { cookie: admin.cookie } });
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain("Homepage Carousel Beheer");
    expect(page).not.toContain("Coming soon");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/homepage"/);
    const order = ["Eerste slide", "Tweede slide", "Verborgen slide"].map((t) => page.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toContain("Actie");
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Active: Verborgen slide"/);
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Active: Eerste slide"/);
    // The first cannot move up and the last cannot move down: those arrows are disabled.
    expect(html).toMatch(/disabled=""[^>]*aria-label="Move Eerste slide up"/);
    expect(html).toMatch(/disabled=""[^>]*aria-label="Move Verborgen slide down"/);
    expect(html).not.toMatch(/disabled=""[^>]*aria-label="Move Tweede slide up"/);
  });

  it("opens the slide dialog from the URL, with the link choices, and the delete question", async () => {
    const [first] = await stored();
    const edit = text(
      (await app.html(`/admin/homepage?slide=${first!.id}`, { headers: { cookie: admin.cookie } })).html,
    );
    expect(edit).toContain("Edit slide");
    expect(edit).toContain("Button link");
    // The spec's link choices are the suggestions the link field starts with.
    const choices = await app.get("/admin/homepage/links?q=", { headers: { cookie: admin.cookie } });
    expect(choices.headers.get("cache-control")).toBe("private, no-store");
    const { options } = (await choices.json()) as { options: { link: string }[] };
    expect(options.map((o) => o.link)).toEqual([
      "/products",
      "/sportvoeding",
      "/reiniging",
      "/smering",
      "/fietsonderdelen",
      "/blog",
      "/contact",
    ]);
    const fresh = (await app.html("/admin/homepage?slide=new", { headers: { cookie: admin.cookie } })).html;
    expect(text(fresh)).toContain("New slide");
    // Save starts disabled: a new slide has neither title nor background image.
    expect(fresh).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>(?:<!-- -->)?Save/);
    const del = text(
      (await app.html(`/admin/homepage?delete=${first!.id}`, { headers: { cookie: admin.cookie } })).html,
    );
    expect(del).toContain("Are you sure you want to delete this slide?");
  });
});

describe("saving a slide", () => {
  beforeEach(clearSlides);

  it("creates a slide at the end, active, recorded in admin_changes, and the home page shows it at once", async () => {
    await createSlide(db(), { title: "Bestaande slide", sortOrder: 0 });
    expect(await homeSlides()).toEqual(["Bestaande slide"]);
    const res = await postAsAdmin(VALID);
    expect(res.status).toBe(200);
    expect(await answerText(res)).toContain("Slide is opgeslagen");
    const [row] = await db().select().from(carouselSlides).where(eq(carouselSlides.title, "Voorjaarsactie"));
    expect(row).toMatchObject({
      title: "Voorjaarsactie",
      highlight: "Nieuw",
      text: "Alles voor de eerste rit van het seizoen.",
      bgImage: "/media/hero/1.svg",
      ctaText: "Bekijk",
      ctaLink: "/fietsonderdelen",
      isActive: true,
      sortOrder: 1,
    });
    const change = await lastChange();
    expect(change).toMatchObject({ entityType: "slide", entityId: String(row!.id), action: "create", before: null });
    expect(change.after).toMatchObject({ title: "Voorjaarsactie", sortOrder: 1 });
    expect(change.actorEmail).toBe(admin.email);
    expect(await homeSlides()).toEqual(["Bestaande slide", "Voorjaarsactie"]);
  });

  it("updates a slide, records before and after, and the home page follows", async () => {
    const slide = await createSlide(db(), { title: "Oude titel", sortOrder: 0, ctaLink: "/products" });
    const res = await postAsAdmin({
      ...VALID,
      id: String(slide.id),
      title: "Nieuwe titel",
      ctaLink: "",
      highlight: "",
    });
    expect(await answerText(res)).toContain("Slide is opgeslagen");
    const [row] = await db().select().from(carouselSlides).where(eq(carouselSlides.id, slide.id));
    expect(row).toMatchObject({ title: "Nieuwe titel", ctaLink: null, highlight: null, sortOrder: 0 });
    const change = await lastChange();
    expect(change).toMatchObject({ entityType: "slide", entityId: String(slide.id), action: "update" });
    expect(change.before).toMatchObject({ title: "Oude titel", ctaLink: "/products" });
    expect(change.after).toMatchObject({ title: "Nieuwe titel", ctaLink: null });
    expect(await homeSlides()).toEqual(["Nieuwe titel"]);
  });

  it("a full URL on the shop's own address is kept as its path", async () => {
    await postAsAdmin({ ...VALID, bgImage: `${app.url}/media/hero/2.svg` });
    const [row] = await db().select().from(carouselSlides);
    expect(row!.bgImage).toBe("/media/hero/2.svg");
  });

  const refusals: [string, Record<string, string>, string, number][] = [
    ["no title", { ...VALID, title: "   " }, "Fout bij opslaan: Titel is verplicht", 400],
    ["no background image", { ...VALID, bgImage: "" }, "Fout bij opslaan: Achtergrondafbeelding is verplicht", 400],
    [
      "a title that is too long",
      { ...VALID, title: "x".repeat(121) },
      "Fout bij opslaan: Titel mag hoogstens 120 tekens zijn",
      400,
    ],
    [
      "an image on another site (the CSP would block it)",
      { ...VALID, bgImage: "https://elders.example/foto.jpg" },
      "Fout bij opslaan: Gebruik een afbeelding van de winkel zelf",
      400,
    ],
    [
      "a javascript: URL",
      { ...VALID, bgImage: "javascript:alert(1)" },
      "Fout bij opslaan: Gebruik een afbeelding van de winkel zelf",
      400,
    ],
    [
      "a protocol-relative URL",
      { ...VALID, bgImage: "//elders.example/x.png" },
      "Fout bij opslaan: Gebruik een afbeelding van de winkel zelf",
      400,
    ],
    [
      "a link outside the choices",
      { ...VALID, ctaLink: "https://elders.example" },
      "Fout bij opslaan: Kies de link uit de suggesties: een vaste pagina, een categorie of een product",
      400,
    ],
    ["an unknown slide", { ...VALID, id: "987654" }, "Fout bij opslaan: Slide niet gevonden", 404],
    ["a malformed id", { ...VALID, id: "abc" }, "Fout bij opslaan: Slide niet gevonden", 404],
  ];

  it.each(refusals)("refuses %s with its message and changes nothing", async (_name, fields, message, status) => {
    await createSlide(db(), { title: "Onaangeroerd", sortOrder: 0 });
    const before = await snapshot(db());
    const res = await postAsAdmin(fields);
    expect(res.status).toBe(status);
    expect(await answerText(res)).toContain(message);
    expect(await snapshot(db())).toEqual(before);
  });

  it("refuses an unknown intent", async () => {
    const before = await snapshot(db());
    const res = await postAsAdmin({ intent: "wipe" });
    expect(res.status).toBe(400);
    expect(await snapshot(db())).toEqual(before);
  });
});

describe("the active switch", () => {
  beforeEach(clearSlides);

  it("deactivates and activates a slide; the home page follows; each change is recorded", async () => {
    const slide = await createSlide(db(), { title: "Wisselslide", sortOrder: 0 });
    await createSlide(db(), { title: "Vaste slide", sortOrder: 1 });
    const off = await postAsAdmin({ intent: "toggle", id: String(slide.id), active: "false" });
    expect(await answerText(off)).toContain("Slide is opgeslagen");
    expect(await homeSlides()).toEqual(["Vaste slide"]);
    expect(await lastChange()).toMatchObject({
      entityId: String(slide.id),
      action: "deactivate",
      before: { isActive: true },
      after: { isActive: false },
    });
    await postAsAdmin({ intent: "toggle", id: String(slide.id), active: "true" });
    expect(await homeSlides()).toEqual(["Wisselslide", "Vaste slide"]);
    expect(await lastChange()).toMatchObject({
      action: "activate",
      before: { isActive: false },
      after: { isActive: true },
    });
  });

  it("refuses an unknown slide or a missing state without change", async () => {
    const slide = await createSlide(db(), { title: "Wisselslide", sortOrder: 0 });
    for (const [fields, message] of [
      [{ intent: "toggle", id: "987654", active: "false" }, "Fout bij opslaan: Slide niet gevonden"],
      [{ intent: "toggle", id: String(slide.id), active: "misschien" }, "Fout bij opslaan: Kies actief of inactief"],
    ] as const) {
      const before = await snapshot(db());
      expect(await answerText(await postAsAdmin(fields))).toContain(message);
      expect(await snapshot(db())).toEqual(before);
    }
  });
});

describe("moving slides", () => {
  let ids: number[] = [];
  beforeEach(async () => {
    await clearSlides();
    // Gaps and a tie on purpose: a move renumbers every slide from 0.
    ids = [
      (await createSlide(db(), { title: "A", sortOrder: 5 })).id,
      (await createSlide(db(), { title: "B", sortOrder: 10 })).id,
      (await createSlide(db(), { title: "C", sortOrder: 10 })).id,
      (await createSlide(db(), { title: "D", sortOrder: 40 })).id,
    ];
  });

  it("moves a slide up and renumbers all slides from 0; the home page follows", async () => {
    const res = await postAsAdmin({ intent: "move", id: String(ids[2]), direction: "up" });
    expect(await answerText(res)).toContain("Volgorde is bijgewerkt");
    expect((await stored()).map((s) => [s.title, s.sortOrder])).toEqual([
      ["A", 0],
      ["C", 1],
      ["B", 2],
      ["D", 3],
    ]);
    expect(await homeSlides()).toEqual(["A", "C", "B", "D"]);
    const change = await lastChange();
    expect(change).toMatchObject({ entityType: "slide", entityId: String(ids[2]), action: "move-up" });
    expect(change.before).toMatchObject({ order: ids });
    expect(change.after).toMatchObject({ order: [ids[0], ids[2], ids[1], ids[3]] });
  });

  it("moves a slide down and renumbers", async () => {
    await postAsAdmin({ intent: "move", id: String(ids[0]), direction: "down" });
    expect((await stored()).map((s) => [s.title, s.sortOrder])).toEqual([
      ["B", 0],
      ["A", 1],
      ["C", 2],
      ["D", 3],
    ]);
  });

  it("the first cannot move up and the last cannot move down; nothing changes", async () => {
    for (const [id, direction, message] of [
      [ids[0], "up", "Fout bij bijwerken volgorde: De eerste slide kan niet omhoog"],
      [ids[3], "down", "Fout bij bijwerken volgorde: De laatste slide kan niet omlaag"],
    ] as const) {
      const before = await snapshot(db());
      const res = await postAsAdmin({ intent: "move", id: String(id), direction });
      expect(res.status).toBe(400);
      expect(await answerText(res)).toContain(message);
      expect(await snapshot(db())).toEqual(before);
    }
  });

  it("refuses an unknown slide or direction", async () => {
    for (const [fields, message] of [
      [{ intent: "move", id: "987654", direction: "up" }, "Fout bij bijwerken volgorde: Slide niet gevonden"],
      [
        { intent: "move", id: String(ids[1]), direction: "sideways" },
        "Fout bij bijwerken volgorde: Kies omhoog of omlaag",
      ],
    ] as const) {
      const before = await snapshot(db());
      expect(await answerText(await postAsAdmin(fields))).toContain(message);
      expect(await snapshot(db())).toEqual(before);
    }
  });

  it("two moves at the same moment both apply, one after the other, and the numbering stays 0…n-1", async () => {
    const answers = await Promise.all([
      postAsAdmin({ intent: "move", id: String(ids[3]), direction: "up" }),
      postAsAdmin({ intent: "move", id: String(ids[0]), direction: "down" }),
    ]);
    for (const res of answers) expect(await answerText(res)).toContain("Volgorde is bijgewerkt");
    const after = await stored();
    expect(after.map((s) => s.sortOrder)).toEqual([0, 1, 2, 3]);
    // Either order of the two moves gives B A D C.
    expect(after.map((s) => s.title)).toEqual(["B", "A", "D", "C"]);
  });
});

describe("moving a slide to any position in one step", () => {
  let ids: number[] = [];
  beforeEach(async () => {
    await clearSlides();
    ids = [
      (await createSlide(db(), { title: "A", sortOrder: 0 })).id,
      (await createSlide(db(), { title: "B", sortOrder: 1 })).id,
      (await createSlide(db(), { title: "C", sortOrder: 2 })).id,
      (await createSlide(db(), { title: "D", sortOrder: 3 })).id,
      (await createSlide(db(), { title: "E", sortOrder: 4 })).id,
    ];
  });

  it("the last slide to the top: the others close up, numbered 0…n-1, recorded once; the home page follows", async () => {
    const res = await postAsAdmin({ intent: "position", id: String(ids[4]), position: "1" });
    expect(res.status).toBe(200);
    expect(await answerText(res)).toContain("Volgorde is bijgewerkt");
    expect((await stored()).map((s) => [s.title, s.sortOrder])).toEqual([
      ["E", 0],
      ["A", 1],
      ["B", 2],
      ["C", 3],
      ["D", 4],
    ]);
    const change = await lastChange();
    expect(change).toMatchObject({ entityType: "slide", entityId: String(ids[4]), action: "move-to" });
    expect(change.before).toEqual({ order: ids, position: 5 });
    expect(change.after).toEqual({ order: [ids[4], ids[0], ids[1], ids[2], ids[3]], position: 1 });
    expect(await homeSlides()).toEqual(["E", "A", "B", "C", "D"]);
  });

  it("the first slide to the middle, and a slide to its own place changes nothing", async () => {
    await postAsAdmin({ intent: "position", id: String(ids[0]), position: "3" });
    expect((await stored()).map((s) => s.title)).toEqual(["B", "C", "A", "D", "E"]);
    const changes = (await db().select().from(adminChanges)).length;
    const same = await postAsAdmin({ intent: "position", id: String(ids[0]), position: "3" });
    expect(await answerText(same)).toContain("Volgorde is bijgewerkt");
    expect((await stored()).map((s) => [s.title, s.sortOrder])).toEqual([
      ["B", 0],
      ["C", 1],
      ["A", 2],
      ["D", 3],
      ["E", 4],
    ]);
    expect((await db().select().from(adminChanges)).length).toBe(changes);
  });

  it("refuses a position outside 1…n, not a number, or an unknown slide, with the spec's message; nothing changes", async () => {
    const cases: [Record<string, string>, string, number][] = [
      [{ position: "6" }, "Fout bij bijwerken volgorde: Kies een positie van 1 tot 5", 400],
      [{ position: "0" }, "Fout bij bijwerken volgorde: Kies een positie (1, 2, 3, …)", 400],
      [{ position: "2.5" }, "Fout bij bijwerken volgorde: Kies een positie (1, 2, 3, …)", 400],
      [{ position: "" }, "Fout bij bijwerken volgorde: Kies een positie (1, 2, 3, …)", 400],
      [{ position: "1", id: "987654" }, "Fout bij bijwerken volgorde: Slide niet gevonden", 404],
    ];
    for (const [fields, message, status] of cases) {
      const before = await snapshot(db());
      const res = await postAsAdmin({ intent: "position", id: String(ids[1]), ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await answerText(res)).toContain(message);
      expect(await snapshot(db())).toEqual(before);
    }
  });

  it("the table offers a Position choice per slide (1…n) next to the arrows", async () => {
    const { html } = await app.html("/admin/homepage", { headers: { cookie: admin.cookie } });
    expect(html.match(/<select[^>]*name="position"/g)?.length).toBe(5);
    expect(text(html)).toContain("Position of C");
    expect(html).toContain(`aria-label="Move C up"`);
  });
});

/** Today's calendar day in Amsterdam, plus `days`: worked out here, not by the shop's code. */
function amsterdamDayPlus(days: number): string {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

describe("a slide's start and end date", () => {
  beforeEach(clearSlides);

  it("saves both days (or none) and refuses an end before the start or a day that does not exist", async () => {
    const res = await postAsAdmin({ ...VALID, startsOn: "2030-12-01", endsOn: "2030-12-31" });
    expect(await answerText(res)).toContain("Slide is opgeslagen");
    const [row] = await db().select().from(carouselSlides);
    expect(row).toMatchObject({ startsOn: "2030-12-01", endsOn: "2030-12-31" });
    await postAsAdmin({ ...VALID, id: String(row!.id), startsOn: "", endsOn: "" });
    expect((await db().select().from(carouselSlides))[0]).toMatchObject({ startsOn: null, endsOn: null });

    for (const [days, message] of [
      [{ startsOn: "2030-12-02", endsOn: "2030-12-01" }, "Fout bij opslaan: Einddatum ligt voor de startdatum"],
      [{ startsOn: "2030-02-30" }, "Fout bij opslaan: Startdatum is geen geldige datum"],
      [{ endsOn: "31-12-2030" }, "Fout bij opslaan: Einddatum is geen geldige datum"],
    ] as const) {
      const before = await snapshot(db());
      const refused = await postAsAdmin({ ...VALID, id: String(row!.id), ...days });
      expect(refused.status).toBe(400);
      expect(await answerText(refused)).toContain(message);
      expect(await snapshot(db())).toEqual(before);
    }
  });

  it("the home page shows a slide only from its start day through its end day (Amsterdam)", async () => {
    await createSlide(db(), { title: "Altijd", sortOrder: 0 });
    await createSlide(db(), { title: "Begint morgen", sortOrder: 1, startsOn: amsterdamDayPlus(1) });
    await createSlide(db(), { title: "Begint vandaag", sortOrder: 2, startsOn: amsterdamDayPlus(0) });
    await createSlide(db(), { title: "Eindigt vandaag", sortOrder: 3, endsOn: amsterdamDayPlus(0) });
    await createSlide(db(), { title: "Eindigde gisteren", sortOrder: 4, endsOn: amsterdamDayPlus(-1) });
    await createSlide(db(), {
      title: "Alleen vandaag",
      sortOrder: 5,
      startsOn: amsterdamDayPlus(0),
      endsOn: amsterdamDayPlus(0),
    });
    await createSlide(db(), {
      title: "Uit, wel binnen data",
      sortOrder: 6,
      isActive: false,
      endsOn: amsterdamDayPlus(3),
    });
    expect(await homeSlides()).toEqual(["Altijd", "Begint vandaag", "Eindigt vandaag", "Alleen vandaag"]);
  });

  it("the admin table marks a slide that has not started as Scheduled and one past its end as Ended", async () => {
    await createSlide(db(), {
      title: "Kerstactie",
      sortOrder: 0,
      startsOn: amsterdamDayPlus(2),
      endsOn: amsterdamDayPlus(9),
    });
    await createSlide(db(), {
      title: "Zomeractie",
      sortOrder: 1,
      startsOn: "2026-06-01",
      endsOn: amsterdamDayPlus(-1),
    });
    await createSlide(db(), { title: "Lopend", sortOrder: 2, endsOn: amsterdamDayPlus(5) });
    const page = text((await app.html("/admin/homepage", { headers: { cookie: admin.cookie } })).html);
    expect(page).toMatch(/Kerstactie Scheduled \d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}/);
    expect(page).toMatch(/Zomeractie Ended 1 Jun 2026 – \d{1,2} \w{3} \d{4}/);
    expect(page).toMatch(/Lopend t\/m \d{1,2} \w{3} \d{4}/);
    expect(page).not.toMatch(/Lopend (Scheduled|Ended)/);
  });
});

describe("a slide's link, chosen by page, category or product name", () => {
  let category: Awaited<ReturnType<typeof createCategory>>;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let unlisted: Awaited<ReturnType<typeof createProduct>>;
  beforeAll(async () => {
    const parent = await createCategory(db(), { name: "Aandrijving" });
    category = await createCategory(db(), { name: "Kettingzwiepen", parentId: parent.id, level: 2 });
    product = await createProduct(db(), { shortDescription: "Kettingzweep Profi 12-speed", brand: "Park Tool" });
    unlisted = await createProduct(db(), { shortDescription: "Kettingzweep Oud model", status: 0 });
  });
  beforeEach(clearSlides);

  it("suggests categories (with the one above) and products for sale by name", async () => {
    const res = await app.get("/admin/homepage/links?q=kettingzw", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const { options } = (await res.json()) as { options: { link: string; label: string; kind: string }[] };
    expect(options).toContainEqual({
      link: `/products?cat=${category.id}`,
      label: "Kettingzwiepen (Aandrijving)",
      kind: "category",
    });
    expect(options).toContainEqual({
      link: `/product/${product.artNo}`,
      label: `Kettingzweep Profi 12-speed – Park Tool (${product.artNo})`,
      kind: "product",
    });
    expect(options.some((o) => o.link === `/product/${unlisted.artNo}`)).toBe(false);
    const pages = (await (
      await app.get("/admin/homepage/links?q=smer", { headers: { cookie: admin.cookie } })
    ).json()) as {
      options: { link: string }[];
    };
    expect(pages.options.map((o) => o.link)).toEqual(["/smering"]);
  });

  it("saves a category or product link, and the table and the home page use it", async () => {
    const res = await postAsAdmin({ ...VALID, ctaLink: `/products?cat=${category.id}` });
    expect(await answerText(res)).toContain("Slide is opgeslagen");
    await postAsAdmin({ ...VALID, title: "Productslide", ctaLink: `/product/${product.artNo}` });
    expect((await db().select().from(carouselSlides).orderBy(asc(carouselSlides.id))).map((s) => s.ctaLink)).toEqual([
      `/products?cat=${category.id}`,
      `/product/${product.artNo}`,
    ]);
    const admin_ = text((await app.html("/admin/homepage", { headers: { cookie: admin.cookie } })).html);
    expect(admin_).toContain("Button link: → Kettingzwiepen (Aandrijving)");
    expect(admin_).toContain(`Button link: → Kettingzweep Profi 12-speed – Park Tool (${product.artNo})`);
    const { html } = await app.html("/");
    expect(html).toContain(`href="/products?cat=${category.id}"`);
    expect(html).toContain(`href="/product/${product.artNo}"`);
  });

  it("refuses any other link on the server: other paths and sites, a category that does not exist, a product not for sale", async () => {
    await createSlide(db(), { title: "Onaangeroerd", sortOrder: 0 });
    for (const [link, message] of [
      ["/admin", "Kies de link uit de suggesties: een vaste pagina, een categorie of een product"],
      [
        "https://elders.example/products",
        "Kies de link uit de suggesties: een vaste pagina, een categorie of een product",
      ],
      ["/products?cat=16&sort=price", "Kies de link uit de suggesties: een vaste pagina, een categorie of een product"],
      ["/products?cat=999999", "Deze categorie bestaat niet (meer)"],
      [`/product/${unlisted.artNo}`, "Dit product bestaat niet of is niet te koop"],
      ["/product/1", "Dit product bestaat niet of is niet te koop"],
    ] as const) {
      const before = await snapshot(db());
      const res = await postAsAdmin({ ...VALID, ctaLink: link });
      expect(res.status, link).toBe(400);
      expect(await answerText(res)).toContain(`Fout bij opslaan: ${message}`);
      expect(await snapshot(db())).toEqual(before);
    }
  });
});

describe("deleting a slide", () => {
  beforeEach(clearSlides);

  it("deletes, renumbers the rest from 0, records the slide as it was, and the home page follows", async () => {
    await createSlide(db(), { title: "Eén", sortOrder: 0 });
    const middle = await createSlide(db(), { title: "Twee", sortOrder: 1 });
    await createSlide(db(), { title: "Drie", sortOrder: 2 });
    const res = await postAsAdmin({ intent: "delete", id: String(middle.id) });
    expect(await answerText(res)).toContain("Slide is verwijderd");
    expect((await stored()).map((s) => [s.title, s.sortOrder])).toEqual([
      ["Eén", 0],
      ["Drie", 1],
    ]);
    const change = await lastChange();
    expect(change).toMatchObject({ entityType: "slide", entityId: String(middle.id), action: "delete", after: null });
    expect(change.before).toMatchObject({ title: "Twee" });
    expect(await homeSlides()).toEqual(["Eén", "Drie"]);
  });

  it("refuses an unknown slide without change", async () => {
    await createSlide(db(), { title: "Eén", sortOrder: 0 });
    const before = await snapshot(db());
    const res = await postAsAdmin({ intent: "delete", id: "987654" });
    expect(res.status).toBe(404);
    expect(await answerText(res)).toContain("Fout bij verwijderen: Slide niet gevonden");
    expect(await snapshot(db())).toEqual(before);
  });
});

describe("uploading a background image", () => {
  it("keeps the image re-encoded as WebP under the data directory and serves it with its type and nosniff", async () => {
    const res = await upload(admin.cookie, new Blob([PNG], { type: "image/png" }), "../../zomer slide.png");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; url: string };
    expect(answer.ok).toBe(true);
    expect(answer.url).toMatch(/^\/uploads\/carousel\/[0-9a-f-]{36}\.webp$/);
    expect(uploadedFiles()).toContain(path.basename(answer.url));
    const served = await app.get(answer.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // Never enlarged: the 1 × 1 pixel stays 1 × 1.
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1, 1]);

    // A slide can use it, and the home page shows it.
    await clearSlides();
    await postAsAdmin({ ...VALID, title: "Geüploade slide", bgImage: answer.url });
    const { html } = await app.html("/");
    expect(html).toContain(`src="${answer.url}"`);
  });

  it("decodes JPEG, PNG and WebP whatever the browser's name and type say, and keeps each as WebP", async () => {
    const picture = sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } });
    for (const bytes of [await picture.clone().jpeg().toBuffer(), await picture.clone().webp().toBuffer()]) {
      const res = await upload(admin.cookie, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "foto.png");
      const answer = (await res.json()) as { ok: boolean; url: string };
      expect(answer.url.endsWith(".webp")).toBe(true);
      expect((await app.get(answer.url)).headers.get("content-type")).toBe("image/webp");
    }
  });

  it("keeps a photo at the carousel's size (1920 × 1080 at most) and without its EXIF and GPS metadata", async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#7a9a3b" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "Trapkracht testcamera", Artist: "Fotograaf Jansen" },
        // IFD3 is the GPS block; the map datum is text, so it can be looked for in the bytes.
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1", GPSMapDatum: "WGS-84 Amsterdam" },
      })
      .toBuffer();
    // The upload really carries the camera and the position.
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString("latin1")).toContain("Trapkracht testcamera");
    expect(original.exif?.toString("latin1")).toContain("WGS-84 Amsterdam");

    const res = await upload(admin.cookie, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "vakantie.jpg");
    const answer = (await res.json()) as { ok: boolean; url: string };
    expect(answer.ok).toBe(true);
    const stored = readFileSync(path.join(uploadDir, path.basename(answer.url)));
    const meta = await sharp(stored).metadata();
    // 2400 × 1600 (3:2) fits inside 1920 × 1080 at 1620 × 1080.
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1620, 1080]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("Trapkracht testcamera");
    expect(stored.toString("latin1")).not.toContain("Fotograaf Jansen");
    expect(stored.toString("latin1")).not.toContain("WGS-84 Amsterdam");
  });

  it("refuses a small file that claims a huge picture (30 000 × 30 000 pixels), with a clear message, and keeps nothing", async () => {
    const before = uploadedFiles();
    const huge = pngClaiming(30_000, 30_000);
    expect(huge.length).toBeLessThan(100);
    const res = await upload(admin.cookie, new Blob([new Uint8Array(huge)], { type: "image/png" }), "enorm.png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      message: "The image has too many pixels (30000 × 30000); at most 40 megapixels, for example 1920 × 1080",
    });
    expect(uploadedFiles()).toEqual(before);
  });

  it("refuses a file that starts like a JPEG but is no picture", async () => {
    const before = uploadedFiles();
    const res = await upload(admin.cookie, new Blob([JPEG_START], { type: "image/jpeg" }), "kapot.jpg");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, message: "The file could not be read as an image" });
    expect(uploadedFiles()).toEqual(before);
  });

  it("answers JSON the panel can show when storing fails unexpectedly, and leaves no temporary file", async () => {
    // The upload folder's place is taken by a file: creating the folder fails (a real fs error).
    const kept = `${uploadDir}-kept`;
    renameSync(uploadDir, kept);
    writeFileSync(uploadDir, "geen map");
    try {
      const res = await upload(admin.cookie, new Blob([PNG], { type: "image/png" }), "slide.png");
      expect(res.status).toBe(500);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        ok: false,
        message: "The upload failed because of an error on the server; try again later",
      });
    } finally {
      rmSync(uploadDir, { force: true });
      renameSync(kept, uploadDir);
    }
    expect(uploadedFiles().filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses a file that is not an image, whatever its name and type say", async () => {
    const before = uploadedFiles();
    const fake = new Blob(["<svg onload=alert(1)></svg>"], { type: "image/png" });
    const res = await upload(admin.cookie, fake, "slide.png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, message: "Only JPEG, PNG and WebP images are allowed" });
    expect(uploadedFiles()).toEqual(before);
  });

  it("refuses an empty upload and a form without a file", async () => {
    const empty = await upload(admin.cookie, new Blob([]), "leeg.png");
    expect(empty.status).toBe(400);
    const none = await app.post(
      "/admin/homepage/upload",
      { file: "geen bestand" },
      { headers: { cookie: admin.cookie } },
    );
    expect(none.status).toBe(400);
  });

  it("refuses a file over 5 MB: just over in the route, far over at the body limit", async () => {
    const before = uploadedFiles();
    const justOver = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(admin.cookie, new Blob([justOver], { type: "image/png" }), "groot.png");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ok: false, message: "The file is larger than 5 MB" });
    const farOver = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const limited = await upload(admin.cookie, new Blob([farOver], { type: "image/png" }), "enorm.png");
    expect(limited.status).toBe(413);
    await limited.arrayBuffer().catch(() => undefined);
    expect(uploadedFiles()).toEqual(before);
  });

  it("other routes keep the 64 KiB body limit", async () => {
    const res = await app.post(
      "/admin/homepage",
      { ...VALID, text: "x".repeat(70 * 1024) },
      { headers: { cookie: admin.cookie } },
    );
    expect(res.status).toBe(413);
  });

  it("serves only names the shop gave: other names, and paths out of the folder, are 404", async () => {
    for (const name of [
      "..%2F..%2Fauth-secret",
      "%2e%2e%2fauth-secret",
      "abc.png",
      "00000000-0000-0000-0000-000000000000.png",
      "x.svg",
    ]) {
      const res = await app.get(`/uploads/carousel/${name}`);
      expect(res.status, name).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe("a load failure", () => {
  it("shows the carousel load message with Probeer opnieuw, and works again afterwards", async () => {
    await db().execute(sql`ALTER TABLE homepage_carousel RENAME TO homepage_carousel_weg`);
    try {
      const { status, html } = await app.html("/admin/homepage", { headers: { cookie: admin.cookie } });
      expect(status).toBe(200);
      expect(text(html)).toContain("Er is een fout opgetreden bij het laden van de carousel slides.");
      expect(text(html)).toContain("Probeer opnieuw");
    } finally {
      await db().execute(sql`ALTER TABLE homepage_carousel_weg RENAME TO homepage_carousel`);
    }
    const { html } = await app.html("/admin/homepage", { headers: { cookie: admin.cookie } });
    expect(text(html)).not.toContain("Er is een fout opgetreden");
  });
});
