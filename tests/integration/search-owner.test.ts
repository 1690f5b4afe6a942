import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { adminChanges, searchSynonyms, searchWeekQueries } from "../../app/db/schema";
import { recordSearch } from "../../app/features/search-report/index.server";
import { isoWeekName, weekStartOf } from "../../app/features/search-report";
import { productLinks, textOf } from "../support/catalogue-html";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { flashOf } from "../support/flash";
import { signedInUser } from "../support/users";

/**
 * The owner's say in search (issue 30 items 9 and 10, ADR 0044): the synonyms list in the admin,
 * applied to the results page and the suggestions, and the weekly search report without anything
 * about who searched.
 */
const { app, database } = useTestApp();
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let shopper: Awaited<ReturnType<typeof signedInUser>>;

const asAdmin = (path: string) => app.get(path, { headers: { cookie: admin.cookie } });
const postAsAdmin = (fields: Record<string, string>) =>
  app.post("/admin/search", fields, { headers: { cookie: admin.cookie } });
const searchPage = async (q: string, extra = "") =>
  (await app.html(`/products?q=${encodeURIComponent(q)}${extra}`)).html;
const suggestions = async (q: string) => {
  const res = await app.get(`/api/search-suggestions?q=${encodeURIComponent(q)}`);
  return ((await res.json()) as { results: { artNo: number }[] }).results.map((r) => r.artNo).sort();
};
const synonymRows = () =>
  db()
    .select({ term: searchSynonyms.term, replacement: searchSynonyms.replacement })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term));
const weekRows = () =>
  db()
    .select({
      query: searchWeekQueries.query,
      searches: searchWeekQueries.searches,
      zeroResults: searchWeekQueries.zeroResults,
    })
    .from(searchWeekQueries)
    .orderBy(asc(searchWeekQueries.query));

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "zoekbeheer@trapkracht.test" });
  shopper = await signedInUser(app, db(), { email: "zoeker@example.nl" });
  await createProduct(db(), { artNo: 7101, shortDescription: "Ketting Shimano HG701", brand: "Shimano" });
  await createProduct(db(), { artNo: 7102, shortDescription: "Ketting KMC X11", brand: "KMC" });
  await createProduct(db(), { artNo: 7201, shortDescription: "Zadel Selle Italia", brand: "Selle Italia" });
});

describe("the synonyms list", () => {
  it("finds nothing for 'fietsketting' before the owner adds a synonym", async () => {
    expect(productLinks(await searchPage("fietsketting"))).toEqual([]);
    expect(await suggestions("fietsketting")).toEqual([]);
  });

  it("adds 'fietsketting ⇒ ketting': results and suggestions find the chains at once", async () => {
    const res = await postAsAdmin({ intent: "save", term: " Fietsketting ", replacement: "ketting" });
    expect(res.status).toBe(200);
    expect(textOf(await res.text())).toContain('Saved: "fietsketting" is searched as "ketting".');
    expect(await synonymRows()).toEqual([{ term: "fietsketting", replacement: "ketting" }]);

    const page = await searchPage("fietsketting");
    expect(productLinks(page).sort()).toEqual([7101, 7102]);
    // The shopper still sees the words they typed.
    expect(textOf(page)).toContain('Zoekresultaten voor "fietsketting"');
    expect(await suggestions("fietsketting")).toEqual([7101, 7102]);
    // A word that merely contains the term is not rewritten.
    expect(productLinks(await searchPage("racefietsketting"))).toEqual([]);
  });

  it("lists the synonyms on the Search tab and records the change in the change log", async () => {
    const res = await asAdmin("/admin/search");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = textOf(await res.text());
    expect(text).toContain("1 synonym");
    expect(text).toMatch(/fietsketting ⇒ ketting/);
    const [entry] = await db()
      .select()
      .from(adminChanges)
      .where(eq(adminChanges.entityType, "search-synonym"))
      .orderBy(asc(adminChanges.id));
    expect(entry).toMatchObject({
      action: "create",
      actorEmail: "zoekbeheer@trapkracht.test",
      after: { term: "fietsketting", replacement: "ketting" },
    });
    const log = textOf(await (await asAdmin("/admin/changes?type=search-synonym")).text());
    expect(log).toContain("fietsketting");
    expect(log).toContain("Created");
  });

  it.each([
    [{ term: "", replacement: "ketting" }, "Enter the word shoppers search for."],
    [{ term: "FIETSKETTING", replacement: "zadel" }, 'There is already a synonym for "fietsketting": edit that one.'],
    [{ term: "7101", replacement: "zadel" }, "The search term needs a letter: an ArtNo always finds its own product."],
    [{ term: "stoeltje", replacement: "" }, "Enter what the shop should search for instead."],
    [{ term: "zadel", replacement: "Zadel" }, "The replacement must differ from the search term."],
  ])("refuses %j with the message %j and keeps what was typed", async (fields, message) => {
    const res = await postAsAdmin({ intent: "save", ...fields });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain(message);
    if (fields.term) expect(html).toContain(`value="${fields.term}"`);
    expect(await synonymRows()).toEqual([{ term: "fietsketting", replacement: "ketting" }]);
  });

  it("edits a synonym: the search follows the new replacement", async () => {
    const [row] = await db().select({ id: searchSynonyms.id }).from(searchSynonyms);
    const res = await postAsAdmin({ intent: "save", id: String(row!.id), term: "fietsketting", replacement: "zadel" });
    expect(res.status).toBe(200);
    expect(productLinks(await searchPage("fietsketting"))).toEqual([7201]);
    const changes = await db()
      .select({ action: adminChanges.action, before: adminChanges.before, after: adminChanges.after })
      .from(adminChanges)
      .where(eq(adminChanges.entityType, "search-synonym"))
      .orderBy(asc(adminChanges.id));
    expect(changes.at(-1)).toEqual({
      action: "update",
      before: { term: "fietsketting", replacement: "ketting" },
      after: { term: "fietsketting", replacement: "zadel" },
    });
  });

  it("deletes a synonym: the word is searched as typed again", async () => {
    const [row] = await db().select({ id: searchSynonyms.id }).from(searchSynonyms);
    const res = await postAsAdmin({ intent: "delete", id: String(row!.id) });
    expect(res.status).toBe(200);
    expect(await synonymRows()).toEqual([]);
    expect(productLinks(await searchPage("fietsketting"))).toEqual([]);
    const again = await postAsAdmin({ intent: "delete", id: String(row!.id) });
    expect(again.status).toBe(404);
  });

  it("refuses control characters in either field with a field message and writes nothing", async () => {
    for (const fields of [
      { term: "fiets\u0000ketting", replacement: "ketting" },
      { term: "fietsketting", replacement: "ket\u0085ting" },
    ]) {
      const res = await postAsAdmin({ intent: "save", ...fields });
      expect(res.status).toBe(400);
      expect(textOf(await res.text())).toContain("Ongeldige tekens in dit veld");
    }
    expect(await synonymRows()).toEqual([]);
  });
});

describe("the search report", () => {
  const thisWeek = isoWeekName(weekStartOf(new Date()));

  it("counts a search's first page once, with its results, and a search that found nothing", async () => {
    await db().delete(searchWeekQueries);
    await searchPage("Ketting");
    await searchPage("ketting ");
    await searchPage("ketting", "&page=2");
    await searchPage("ketting", "&sort=price-asc");
    await searchPage("onvindbaar");
    // The suggestions under the search box are keystrokes, not searches: never counted.
    await suggestions("ketti");
    await expect.poll(weekRows).toEqual([
      { query: "ketting", searches: 2, zeroResults: 0 },
      { query: "onvindbaar", searches: 1, zeroResults: 1 },
    ]);
  });

  it("keeps the week and the query only: nothing about who searched", async () => {
    const columns = rowsOf<{ column_name: string }>(
      await db().execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'search_week_queries' ORDER BY column_name`,
      ),
    ).map((c) => c.column_name);
    expect(columns).toEqual(["query", "searches", "week_start", "zero_results"]);
  });

  it("shows this week's top searches and searches without results, and the week's CSV", async () => {
    const res = await asAdmin("/admin/search/report");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = textOf(await res.text());
    expect(text).toContain("3 searches, 2 different queries, 1 without results");
    expect(text).toMatch(/Top searches # Query Searches 1 ketting 2 2 onvindbaar 1/);
    expect(text).toMatch(/Searches without results # Query Without results 1 onvindbaar 1/);

    const csv = await asAdmin(`/admin/search/report.csv?week=${thisWeek}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="search-report-${thisWeek}.csv"`);
    // Read as bytes: text() would drop the byte order mark that Dutch Excel needs.
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString("utf8")).toBe(
      `Week;Query;Searches;Without results\r\n${thisWeek};ketting;2;0\r\n${thisWeek};onvindbaar;1;1\r\n`,
    );
  });

  it("refuses a week it does not keep", async () => {
    for (const week of ["2026-W54", "1999-W01", "volgende"]) {
      expect((await asAdmin(`/admin/search/report?week=${week}`)).status).toBe(400);
      expect((await asAdmin(`/admin/search/report.csv?week=${week}`)).status).toBe(400);
    }
  });

  it("caps a query at 100 characters, drops control characters and removes weeks older than a year", async () => {
    await recordSearch(db(), `${"k".repeat(150)}`, 3, new Date("2025-01-08T12:00:00Z"));
    await recordSearch(db(), "rem\u0000blok", 0, new Date("2025-01-08T12:00:00Z"));
    const old = await db()
      .select({ query: searchWeekQueries.query, week: searchWeekQueries.weekStart })
      .from(searchWeekQueries)
      .where(eq(searchWeekQueries.weekStart, "2025-01-06"))
      .orderBy(asc(searchWeekQueries.query));
    expect(old).toEqual([
      { query: "k".repeat(100), week: "2025-01-06" },
      { query: "rem blok", week: "2025-01-06" },
    ]);
    // The first search of a week 52 weeks on removes that week: the report keeps 52 weeks.
    await recordSearch(db(), "zadel", 2, new Date("2026-01-07T12:00:00Z"));
    const weeks = rowsOf<{ week_start: string }>(
      await db().execute(sql`SELECT DISTINCT week_start::text AS week_start FROM search_week_queries ORDER BY 1`),
    ).map((r) => r.week_start);
    expect(weeks).not.toContain("2025-01-06");
    expect(weeks).toContain("2026-01-05");
  });
});

describe("the report's size", () => {
  it("adds no new query to a week past its cap, and still counts the queries the week holds", async () => {
    const monday = new Date("2025-03-04T10:00:00Z"); // week of 3 March 2025
    await recordSearch(db(), "ketting", 5, monday, 2);
    await recordSearch(db(), "zadel", 0, monday, 2);
    await recordSearch(db(), "qwxz", 0, monday, 2); // a third query: the week is full
    await recordSearch(db(), "zadel", 3, monday, 2);
    const rows = await db()
      .select({
        query: searchWeekQueries.query,
        searches: searchWeekQueries.searches,
        zero: searchWeekQueries.zeroResults,
      })
      .from(searchWeekQueries)
      .where(eq(searchWeekQueries.weekStart, "2025-03-03"))
      .orderBy(asc(searchWeekQueries.query));
    expect(rows).toEqual([
      { query: "ketting", searches: 1, zero: 0 },
      { query: "zadel", searches: 2, zero: 1 },
    ]);
  });
});

describe("access", () => {
  it.each([
    { who: "a guest", cookie: () => "" },
    { who: "a signed-in customer", cookie: () => shopper.cookie },
  ])("refuses the Search tab, the report, its CSV and every change to $who", async ({ cookie }) => {
    await db().insert(searchSynonyms).values({ term: "geheim", replacement: "zadel" });
    for (const path of ["/admin/search", "/admin/search.data", "/admin/search/report", "/admin/search/report.csv"]) {
      const res = await app.get(path, { headers: { cookie: cookie() } });
      const body = await res.text();
      if (res.status === 302) expect(res.headers.get("location")).toBe("/");
      else {
        expect(res.status).toBe(202);
        expect(body).toMatch(/"\/"/);
      }
      expect(body).not.toContain("geheim");
      expect(flashOf(res)).toEqual({
        kind: "error",
        title: "Access Denied",
        description: "You must be logged in to access the admin dashboard",
      });
    }
    const [row] = await db().select({ id: searchSynonyms.id }).from(searchSynonyms);
    const posts: Record<string, string>[] = [
      { intent: "save", term: "stoeltje", replacement: "zadel" },
      { intent: "delete", id: String(row!.id) },
    ];
    for (const fields of posts) {
      const res = await app.post("/admin/search", fields, { headers: { cookie: cookie() } });
      await res.arrayBuffer();
      expect([302, 202]).toContain(res.status);
    }
    expect(await synonymRows()).toEqual([{ term: "geheim", replacement: "zadel" }]);
    await db().delete(searchSynonyms);
  });
});
