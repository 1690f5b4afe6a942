import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { carouselSlides } from "../../app/db/schema";
import { createSlide } from "../support/content-factories";
import { useTestApp } from "../support/fixture";

// The production page cache on (5 s, the production default): the home page is kept in memory for
// anonymous visitors, and a slide's start or end must still show without any admin action.
const TTL_MS = 5000;
const { app, database } = useTestApp({ PAGE_CACHE_TTL_MS: String(TTL_MS) });
const db = () => database.db;

async function homeSlides(): Promise<{ titles: string[]; cache: string | null }> {
  const res = await app.get("/");
  const html = await res.text();
  return {
    titles: [...html.matchAll(/aria-roledescription="slide"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]!),
    cache: res.headers.get("x-page-cache"),
  };
}

describe("a slide that starts or ends at midnight, with the page cache on", () => {
  beforeAll(async () => {
    await db().delete(carouselSlides);
    // Written straight into the database: no admin post, so nothing empties the page cache.
    await createSlide(db(), { title: "Altijd", sortOrder: 0 });
    await createSlide(db(), { title: "December", sortOrder: 1, startsOn: "2026-12-01", endsOn: "2026-12-31" });
    await createSlide(db(), { title: "November", sortOrder: 2, startsOn: "2026-11-01", endsOn: "2026-11-30" });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows on the home page at most the cache's lifetime after midnight Amsterdam time", async () => {
    // Only the clock is faked (Date), not timers: sockets and the database run as always.
    // 30 Nov 2026, 23:59:58 in Amsterdam (UTC+1 in winter) is 22:59:58 UTC.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T22:59:58Z") });
    expect((await homeSlides()).titles).toEqual(["Altijd", "November"]);
    // The copy is kept: the next anonymous visitor gets it from memory.
    expect(await homeSlides()).toEqual({ titles: ["Altijd", "November"], cache: "hit" });

    // Midnight plus the cache's lifetime: the kept copy has expired, the page is drawn anew for the
    // new day. December is on, November is off, and nobody in the admin did anything.
    vi.setSystemTime(new Date(Date.parse("2026-11-30T23:00:00Z") + TTL_MS));
    expect(await homeSlides()).toEqual({ titles: ["Altijd", "December"], cache: "miss" });
  });
});
