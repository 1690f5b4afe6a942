import iconv from "iconv-lite";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  jobs,
  productPriceHistory,
  products,
  productTags,
  stock,
  stockAlerts,
  supplierFeedRejections,
  supplierFeedRuns,
  supplierFeedSeen,
} from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { feedQueues, runFeedImport, FEED_BATCH_ROWS } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE, FeedBusyError, type NewRun } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createCategory, createProduct } from "../support/factories";
import { useFeedFixture } from "../support/feed-fixture";

const logger = createLogger("silent");
const { config, db, upload } = useFeedFixture("feed");

let category: number;
let otherCategory: number;

beforeAll(async () => {
  category = (await createCategory(db(), { name: "Banden" })).id;
  otherCategory = (await createCategory(db(), { name: "Kettingen" })).id;
});

/** Queues and runs an import to its end; returns the report row. */
async function importFile(content: string | Buffer, run: Partial<NewRun> = {}) {
  const row = await upload(content, run);
  await runFeedImport({ db: db(), config, logger }, row.id).catch(() => undefined);
  const [report] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, row.id));
  const rejections = await db()
    .select()
    .from(supplierFeedRejections)
    .where(eq(supplierFeedRejections.runId, row.id))
    .orderBy(asc(supplierFeedRejections.line));
  return { ...report!, rejections };
}

const product = async (artNo: number) => (await db().select().from(products).where(eq(products.artNo, artNo)))[0];
const stockOf = async (artNo: number) => (await db().select().from(stock).where(eq(stock.artNo, artNo)))[0];

const HEADER =
  "ArtNo;Brand;ShortDescription;LongDescriptionHTML;ConsumerPrice;DiscountedPrice;category_id;Status;PosImages;VAT;Colour;Material;Size;Type;ArticleKeyword;Tags";

describe("product feed (CSV)", () => {
  it("creates, then a repeated import changes nothing, then a changed price is the only change", async () => {
    const csv = () =>
      [
        HEADER,
        `710001;Continental;Grand Prix 5000 700x25c;<p>Snelle band</p><script>alert(1)</script>;55,99;49,95;${category};1;https://cdn.example.com/a.jpg;21;zwart;rubber;700x25c;band;racebanden;race, tubeless`,
        `710002;Shimano;Ketting CN-HG701;<p>11-speed</p>;"1.234,50";;${otherCategory};1;;21;zilver;staal;;ketting;ketting;`,
      ].join("\n") + "\n";
    const first = await importFile(csv());
    expect(first.status).toBe("succeeded");
    expect(first).toMatchObject({ rowsRead: 2, created: 2, changed: 0, unchanged: 0, rejected: 0 });
    const tyre = await product(710001);
    expect(tyre).toMatchObject({
      brand: "Continental",
      consumerPriceCents: 5599,
      discountedPriceCents: 4995,
      categoryId: category,
      images: ["https://cdn.example.com/a.jpg"],
      colour: "zwart",
      isListed: true,
    });
    // Supplier HTML is sanitised like everywhere else.
    expect(tyre!.longDescriptionHtml).toContain("<p>Snelle band</p>");
    expect(tyre!.longDescriptionHtml).not.toContain("script");
    expect((await product(710002))!.consumerPriceCents).toBe(123450);
    const tags = await db().select().from(productTags).where(eq(productTags.artNo, 710001));
    expect(tags.map((t) => t.tag).sort()).toEqual(["race", "tubeless"]);

    const historyBefore = await db().select().from(productPriceHistory);
    const again = await importFile(csv());
    expect(again).toMatchObject({ rowsRead: 2, created: 0, changed: 0, unchanged: 2, rejected: 0 });
    const untouched = await product(710001);
    expect(untouched!.updatedAt).toEqual(tyre!.updatedAt);
    expect(await db().select().from(productPriceHistory)).toHaveLength(historyBefore.length);

    const cheaper = await importFile(csv().replace("55,99;49,95", "54,99;49,95"));
    expect(cheaper).toMatchObject({ created: 0, changed: 1, unchanged: 1 });
    expect((await product(710001))!.consumerPriceCents).toBe(5499);
    // The price history names the import as the writer.
    const [latest] = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.artNo, 710001))
      .orderBy(sql`${productPriceHistory.validFrom} desc`)
      .limit(1);
    expect(latest!.source).toBe("import");
    // The bookkeeping of the run is gone when it ends.
    expect(await db().select().from(supplierFeedSeen)).toHaveLength(0);
  });

  it("rejects rows with their line and reason and imports the rest", async () => {
    const csv = [
      HEADER,
      `720001;Sram;Goede rij;;19,95;;${category};1;;21;;;;;;`,
      `abc;Sram;Geen nummer;;19,95;;${category};1;;21;;;;;;`,
      `720002;Sram;Onbekende categorie;;19,95;;999999;1;;21;;;;;;`,
      `720003;Sram;Rare btw;;19,95;;${category};1;;19;;;;;;`,
      `720004;Sram;Raar plaatje;;19,95;;${category};1;javascript:alert(1);21;;;;;;`,
      `720005;Sram;Te weinig velden`,
      `720001;Sram;Dubbel;;29,95;;${category};1;;21;;;;;;`,
      `720006;Sram;"Kapotte "quote;;19,95;;${category};1;;21;;;;;;`,
      `720007;Sram;Laatste goede rij;;7,50;;${category};0;;9;;;;;;`,
    ].join("\n");
    const report = await importFile(csv);
    expect(report.status).toBe("succeeded");
    expect(report).toMatchObject({ created: 2, rejected: 7 });
    expect(report.rejections.map((r) => [r.line, r.reason])).toEqual([
      [3, 'ArtNo "abc" is not a positive whole number'],
      [4, 'Category "999999" is not a category of the shop'],
      [5, 'VAT "19" is not 21, 9 or 0'],
      [6, 'PosImages: "javascript:alert(1)" is not a web address'],
      [7, "the row has a different number of fields than the header"],
      [8, "Duplicate ArtNo 720001: already on line 2"],
      [9, "broken quoting (a quote that is not closed, or text after a closing quote)"],
    ]);
    expect((await product(720001))!.consumerPriceCents).toBe(1995);
    expect(await product(720007)).toMatchObject({ status: 0, vatRate: 9, isListed: false });
  });

  it("reads Windows-1252 with a comma separator, and UTF-8 with a BOM and tabs", async () => {
    const latin = iconv.encode(
      `ArtNo,Brand,ShortDescription,ConsumerPrice\n730001,Café Racer,Crème spray € 5 – “beste”,"12,95"\n`,
      "win1252",
    );
    const report = await importFile(latin);
    expect(report).toMatchObject({ status: "succeeded", created: 1, rejected: 0 });
    expect(await product(730001)).toMatchObject({
      brand: "Café Racer",
      shortDescription: "Crème spray € 5 – “beste”",
      consumerPriceCents: 1295,
    });

    const utf8 = "\uFEFFartno\tbrand\tshort description\tconsumer price\n730002\tÅngström\tZoë’s bidon\t8,50\n";
    const second = await importFile(utf8);
    expect(second).toMatchObject({ status: "succeeded", created: 1 });
    expect(await product(730002)).toMatchObject({ brand: "Ångström", shortDescription: "Zoë’s bidon" });
  });

  it("uses the admin's column names when the supplier has its own headers", async () => {
    const csv = "Artikel;Fabrikant;Titel;Verkoopprijs\n735001;Park Tool;Kettingzweep;24,95\n";
    const report = await importFile(csv, {
      format: {
        columns: { artNo: "Artikel", brand: "Fabrikant", shortDescription: "Titel", consumerPrice: "Verkoopprijs" },
      },
    });
    expect(report).toMatchObject({ status: "succeeded", created: 1 });
    expect(await product(735001)).toMatchObject({ brand: "Park Tool", consumerPriceCents: 2495 });
  });

  it("a full feed sets the products it no longer lists inactive (never deletes); a dry run only reports", async () => {
    // Five active products of which the file lists four: one of five is within the safety share of
    // 20 % (more is held for the admin: feed-safety.test.ts).
    await db().update(products).set({ status: 0 });
    for (const artNo of [740001, 740002, 740003, 740004, 740005])
      await createProduct(db(), { artNo, categoryId: category });
    const csv = `ArtNo;Brand;ShortDescription;ConsumerPrice\n740001;Shimano;Blijft;19,95\n740003;A;B;1\n740004;A;B;1\n740005;A;B;1\n`;

    const dry = await importFile(csv, { fullFeed: true, dryRun: true });
    expect(dry).toMatchObject({ status: "succeeded", changed: 4, deactivated: 1 });
    expect((await product(740001))!.shortDescription).not.toBe("Blijft");
    expect((await product(740002))!.status).toBe(1);

    const full = await importFile(csv, { fullFeed: true });
    expect(full).toMatchObject({ status: "succeeded", changed: 4, deactivated: 1 });
    expect((await product(740001))!).toMatchObject({ shortDescription: "Blijft", status: 1 });
    expect((await product(740002))!).toMatchObject({ status: 0 });
  });

  it("a full feed with no usable row sets nothing inactive", async () => {
    await createProduct(db(), { artNo: 745001 });
    const report = await importFile("ArtNo;Brand\nxyz;Shimano\n", { fullFeed: true });
    expect(report).toMatchObject({ status: "succeeded", deactivated: 0, rejected: 1 });
    expect(report.error).toMatch(/nothing was set inactive/);
    expect((await product(745001))!.status).toBe(1);
  });
});

describe("product feed (XML)", () => {
  it("reads one element per article, repeated image elements as a list", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Products>
  <Product>
    <ArtNo>750001</ArtNo><Brand>Lezyne</Brand><ShortDescription>Pomp &amp; meter</ShortDescription>
    <LongDescriptionHTML><![CDATA[<p>Vloerpomp</p><img src=x onerror=alert(1)>]]></LongDescriptionHTML>
    <ConsumerPrice>64,95</ConsumerPrice><category_id>${category}</category_id>
    <PosImages>https://cdn.example.com/p1.jpg</PosImages><PosImages>https://cdn.example.com/p2.jpg</PosImages>
  </Product>
  <Product ArtNo="750002"><Brand>Lezyne</Brand><ShortDescription>Mini pomp</ShortDescription><ConsumerPrice>29,95</ConsumerPrice></Product>
  <Product><Brand>Zonder nummer</Brand></Product>
</Products>`;
    const report = await importFile(xml);
    expect(report).toMatchObject({ status: "succeeded", created: 2, rejected: 1 });
    expect(report.rejections[0]!.reason).toBe("The article has no ArtNo");
    const pump = await product(750001);
    expect(pump).toMatchObject({
      shortDescription: "Pomp & meter",
      consumerPriceCents: 6495,
      images: ["https://cdn.example.com/p1.jpg", "https://cdn.example.com/p2.jpg"],
    });
    expect(pump!.longDescriptionHtml).not.toMatch(/onerror/);
    expect(await product(750002)).toMatchObject({ brand: "Lezyne", consumerPriceCents: 2995 });
  });
});

describe("XML in Windows-1252", () => {
  it("reads a stock feed in XML written in Windows-1252", async () => {
    await createProduct(db(), { artNo: 755001, stockQuantity: 1 });
    const xml = iconv.encode(
      `<?xml version="1.0" encoding="windows-1252"?>\n<Voorraad><Artikel><ArtNo>755001</ArtNo><Voorraad>9</Voorraad><Status>leverbaar – “snel”</Status></Artikel></Voorraad>`,
      "win1252",
    );
    const report = await importFile(xml, { kind: "stock" });
    expect(report).toMatchObject({ status: "succeeded", changed: 1 });
    expect(await stockOf(755001)).toMatchObject({ quantity: 9, status: "leverbaar – “snel”" });
  });
});

describe("stock feed", () => {
  it("updates quantities, never creates products, and a repeat changes nothing", async () => {
    await createProduct(db(), { artNo: 760001, stockQuantity: 0 });
    await createProduct(db(), { artNo: 760002, stockQuantity: null });
    const csv = "ArtNo;ArtQuantity;Status\n760001;12;leverbaar\n760002;0;uitverkocht\n769999;5;leverbaar\n760001;7;\n";
    const report = await importFile(csv, { kind: "stock" });
    expect(report).toMatchObject({ status: "succeeded", rowsRead: 4, created: 1, changed: 1, rejected: 2 });
    expect(report.rejections.map((r) => r.reason)).toEqual([
      "ArtNo 769999 is not a product of the shop",
      "Duplicate ArtNo 760001: already on line 2",
    ]);
    expect(await stockOf(760001)).toMatchObject({ quantity: 12, status: "leverbaar" });
    expect(await stockOf(760002)).toMatchObject({ quantity: 0 });
    expect(await product(769999)).toBeUndefined();

    const again = await importFile(csv, { kind: "stock" });
    expect(again).toMatchObject({ created: 0, changed: 0, unchanged: 2, rejected: 2 });
  });

  it("a product it brings back in stock sends its 'weer leverbaar' mails (a job is queued)", async () => {
    await createProduct(db(), { artNo: 765001, stockQuantity: 0 });
    await db()
      .insert(stockAlerts)
      .values({ artNo: 765001, email: "wacht@example.nl", token: "feed-test-token", confirmedAt: new Date() });
    const report = await importFile("ArtNo;ArtQuantity\n765001;8\n", { kind: "stock" });
    expect(report).toMatchObject({ status: "succeeded", changed: 1 });
    const queued = await db().select().from(jobs).where(eq(jobs.queue, "stock-alert"));
    expect(queued.map((j) => j.payload)).toEqual([{ artNo: 765001 }]);
  });

  it("a stock feed without a quantity column is refused as a whole", async () => {
    const report = await importFile("ArtNo;Brand\n760001;x\n", { kind: "stock" });
    expect(report.status).toBe("failed");
    expect(report.error).toMatch(/no ArtQuantity column/);
  });
});

describe("hostile files", () => {
  const failsWith = async (content: string | Buffer, pattern: RegExp, run: Partial<NewRun> = {}) => {
    await createProduct(db(), { artNo: 770001, brand: "Ongewijzigd" });
    const report = await importFile(content, run);
    expect(report.status).toBe("failed");
    expect(report.error).toMatch(pattern);
    expect(report.created + report.changed).toBe(0);
    expect((await product(770001))!.brand).toBe("Ongewijzigd");
    await db().delete(products).where(eq(products.artNo, 770001));
  };

  it("a binary file", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.alloc(2000, 7),
    ]);
    await failsWith(png, /binary data/);
  });

  it("an empty file", async () => {
    await failsWith("", /empty/);
  });

  it("a CSV with a million columns", async () => {
    await failsWith(
      `ArtNo;${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(";")}\n770001;x\n`,
      /header line cannot be read|columns/,
    );
  });

  it("a CSV with a header of 101 columns", async () => {
    await failsWith(`ArtNo;${Array.from({ length: 100 }, (_, i) => `c${i}`).join(";")}\n`, /at most 100/);
  });

  it("XML with entity expansion (billion laughs)", async () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<Products><Product><ArtNo>770001</ArtNo><Brand>&lol9;</Brand></Product></Products>`;
    await failsWith(lol, /DOCTYPE is refused/);
  });

  it("XML with an external entity", async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<Products><Product><ArtNo>770001</ArtNo><Brand>&xxe;</Brand></Product></Products>`;
    await failsWith(xxe, /DOCTYPE is refused/);
  });

  it("XML that is not well-formed, at the end of the file: nothing is applied", async () => {
    await failsWith(
      `<Products><Product><ArtNo>770001</ArtNo><Brand>Nieuw</Brand></Product><Product><ArtNo>770002</Products>`,
      /not well-formed/,
    );
  });
});

describe("the queue", () => {
  it("one import at a time", async () => {
    await upload("ArtNo;Brand\n780001;A\n");
    await expect(upload("ArtNo;Brand\n780002;B\n")).rejects.toBeInstanceOf(FeedBusyError);
  });

  it("a run interrupted by a stop goes on after its last committed batch, with the right counts", async () => {
    const rows = FEED_BATCH_ROWS * 2 + 10;
    const lines = ["ArtNo;Brand;ShortDescription;ConsumerPrice"];
    for (let i = 0; i < rows; i++) lines.push(`${790000 + i};Merk;Product ${i};${(i % 50) + 1},95`);
    const run = await upload(lines.join("\n") + "\n");

    // First attempt: the worker is stopped while the import runs, after its first batch committed.
    const controller = new AbortController();
    await expect(
      runFeedImport({ db: db(), config, logger }, run.id, {
        signal: controller.signal,
        onBatch: () => controller.abort(),
      }),
    ).rejects.toThrow("stopped");
    const [interrupted] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, run.id));
    expect(interrupted).toMatchObject({
      status: "running",
      progressLine: FEED_BATCH_ROWS + 1,
      rowsRead: FEED_BATCH_ROWS,
    });

    // The queue runs it again (here: the job the upload queued) and it goes on from there.
    const worker = createJobWorker({
      db: db(),
      logger,
      queues: { [FEED_QUEUE]: feedQueues({ db: db(), config, logger })[FEED_QUEUE]! },
    });
    await worker.runOnce();
    const [done] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, run.id));
    expect(done).toMatchObject({ status: "succeeded", rowsRead: rows, created: rows, rejected: 0, attempts: 2 });
    expect(done!.error).toMatch(/Interrupted after line/);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(inArray(products.artNo, [790000, 790000 + rows - 1]));
    expect(count[0]!.n).toBe(2);
  });
});
