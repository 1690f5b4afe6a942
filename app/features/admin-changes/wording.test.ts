import { describe, expect, it } from "vitest";
import { describeChange, type RecordedChange, type WordingContext } from "./wording";

/** nl-NL writes a no-break space between € and the amount. */
const EUR = "€\u00a0";

const context: WordingContext = {
  productName: (artNo) => (artNo === 1234 ? "Kettingolie 100 ml" : null),
  categoryName: (id) => ({ 7: "Kettingen", 9: "Remmen" })[id] ?? null,
};

const change = (partial: Partial<RecordedChange>): RecordedChange => ({
  entityType: "product",
  entityId: "1234",
  action: "update",
  before: null,
  after: null,
  ...partial,
});

describe("the change log in the owner's words", () => {
  it("a product edit: its name and ArtNo, euros, labels, the category's name, Active → Inactive", () => {
    const wording = describeChange(
      change({
        before: {
          artNo: 1234,
          brand: "Finish Line",
          consumerPriceCents: 3295,
          discountedPriceCents: null,
          categoryId: 7,
          status: 1,
          stockQuantity: 4,
          vatRate: 21,
        },
        after: {
          artNo: 1234,
          brand: "Finish Line",
          consumerPriceCents: 3495,
          discountedPriceCents: 2995,
          categoryId: 9,
          status: 0,
          stockQuantity: 4,
          vatRate: 9,
        },
      }),
      context,
    );
    expect(wording.item).toBe("Kettingolie 100 ml (ArtNo 1234)");
    // In the form's order, whatever order the record keeps its fields in.
    expect(wording.summary).toBe("Edited: Category, Consumer price, Discounted price, VAT rate, Status");
    expect(wording.lines).toEqual([
      { label: "Category", before: "Kettingen", after: "Remmen" },
      { label: "Consumer price", before: `${EUR}32,95`, after: `${EUR}34,95` },
      { label: "Discounted price", before: null, after: `${EUR}29,95` },
      { label: "VAT rate", before: "21 %", after: "9 %" },
      { label: "Status", before: "Active", after: "Inactive" },
    ]);
    expect(wording.linesFolded).toBe(false);
    expect(wording.bulk).toBeNull();
  });

  it("one changed field names it; a status switch alone says Set inactive / Set active", () => {
    const price = describeChange(
      change({ before: { consumerPriceCents: 3295 }, after: { consumerPriceCents: 3495 } }),
      context,
    );
    expect(price.summary).toBe("Consumer price changed");
    expect(describeChange(change({ before: { status: 1 }, after: { status: 0 } }), context).summary).toBe(
      "Set inactive",
    );
    expect(describeChange(change({ before: { status: 0 }, after: { status: 1 } }), context).summary).toBe("Set active");
    expect(describeChange(change({ before: { brand: "A" }, after: { brand: "A" } }), context).summary).toBe(
      "Saved without changes",
    );
  });

  it("set inactive, delete and the tags: one sentence each", () => {
    const inactive = describeChange(
      change({ action: "set-inactive", before: { status: 1 }, after: { status: 0 } }),
      context,
    );
    expect(inactive.summary).toBe("Set inactive");
    expect(inactive.lines).toEqual([{ label: "Status", before: "Active", after: "Inactive" }]);

    const deleted = describeChange(
      change({
        entityId: "555",
        action: "delete",
        before: {
          artNo: 555,
          brand: "Shimano",
          shortDescription: "Remblokken B01S",
          consumerPriceCents: 1250,
          discountedPriceCents: null,
          tags: ["winter", "remmen"],
        },
      }),
      context,
    );
    // Gone from the shop: named by what the record kept.
    expect(deleted.item).toBe("Shimano Remblokken B01S (ArtNo 555)");
    expect(deleted.summary).toBe("Deleted");
    expect(deleted.linesFolded).toBe(true);
    expect(deleted.lines).toEqual([
      { label: "ArtNo", before: "555", after: null },
      { label: "Brand", before: "Shimano", after: null },
      { label: "Short description", before: "Remblokken B01S", after: null },
      { label: "Consumer price", before: `${EUR}12,50`, after: null },
      { label: "Tags", before: "winter, remmen", after: null },
    ]);

    const added = describeChange(
      change({ entityType: "product-tag", action: "add", after: { tag: "winter" } }),
      context,
    );
    expect(added).toMatchObject({ item: "Kettingolie 100 ml (ArtNo 1234)", summary: "Tag 'winter' added", lines: [] });
    const removed = describeChange(
      change({ entityType: "product-tag", entityId: "99", action: "remove", before: { tag: "zomer" } }),
      context,
    );
    expect(removed).toMatchObject({ item: "ArtNo 99", summary: "Tag 'zomer' removed", lines: [] });
  });

  it("users, orders and settings", () => {
    const user = describeChange(
      change({
        entityType: "user",
        entityId: "u-1",
        action: "deactivate",
        before: { email: "jan@example.nl", isActive: true },
        after: { email: "jan@example.nl", isActive: false, sessionsEnded: 2 },
      }),
    );
    expect(user).toMatchObject({
      item: "jan@example.nl",
      summary: "Deactivated and signed out (2 sessions ended)",
      lines: [{ label: "Account", before: "Active", after: "Inactive" }],
    });
    expect(
      describeChange(
        change({
          entityType: "user",
          entityId: "u-1",
          action: "role",
          before: { email: "jan@example.nl", role: "customer" },
          after: { email: "jan@example.nl", role: "admin" },
        }),
      ).lines,
    ).toEqual([{ label: "Role", before: "Customer", after: "Admin" }]);

    const status = describeChange(
      change({
        entityType: "order",
        entityId: "1a2b3c4d-0000-4000-8000-000000000000",
        action: "status",
        before: { status: "processing" },
        after: { status: "shipped", trackingUrl: "https://track.example/T1" },
      }),
    );
    expect(status).toMatchObject({
      item: "1a2b3c4d",
      summary: "Status changed to Verzonden",
      lines: [
        { label: "Status", before: "In behandeling", after: "Verzonden" },
        { label: "Tracking link", before: null, after: "https://track.example/T1" },
      ],
    });
    const refund = describeChange(
      change({
        entityType: "order",
        entityId: "1a2b3c4d-0000-4000-8000-000000000000",
        action: "refund",
        before: { paymentStatus: "paid", refundedCents: 0 },
        after: {
          paymentStatus: "paid",
          refundedCents: 1250,
          refund: { amountCents: 1250, restock: true, providerRefundId: "re_1" },
        },
      }),
    );
    expect(refund.summary).toBe(`Refunded ${EUR}12,50, items back in stock`);
    expect(refund.lines).toEqual([{ label: "Refunded in total", before: `${EUR}0,00`, after: `${EUR}12,50` }]);

    // A resend: on the order (its timeline) or, for a mail without an order, on the mail.
    for (const entityType of ["order", "mail"]) {
      expect(
        describeChange(
          change({
            entityType,
            entityId: entityType === "mail" ? "42" : "1a2b3c4d-0000-4000-8000-000000000000",
            action: "resend-mail",
            before: { outboxId: 42, status: "failed" },
            after: { outboxId: 43, kind: "order-confirmation", to: "jan@example.nl" },
          }),
        ),
      ).toMatchObject({ summary: "E-mail resent to jan@example.nl", lines: [] });
    }

    const maintenance = describeChange(
      change({
        entityType: "setting",
        entityId: "maintenance-mode",
        before: { maintenanceMode: false },
        after: { maintenanceMode: true },
      }),
    );
    expect(maintenance).toMatchObject({
      item: "Maintenance mode",
      summary: "Maintenance mode switched on",
      lines: [{ label: "Maintenance mode", before: "Off", after: "On" }],
    });
  });

  it("coupons: euros, a day in Amsterdam time, Active → Inactive; slides move to a position counted from 1", () => {
    const coupon = describeChange(
      change({
        entityType: "coupon",
        entityId: "c-1",
        before: { code: "ZOMER10", minOrderValueCents: 2500, validUntil: "2026-12-31T22:59:59.999Z", isActive: true },
        after: { code: "ZOMER10", minOrderValueCents: 5000, validUntil: "2027-03-31T21:59:59.999Z", isActive: false },
      }),
    );
    expect(coupon.item).toBe("ZOMER10");
    expect(coupon.lines).toEqual([
      { label: "Minimum order value", before: `${EUR}25,00`, after: `${EUR}50,00` },
      { label: "Valid until", before: "31 Dec 2026", after: "31 Mar 2027" },
      { label: "Status", before: "Active", after: "Inactive" },
    ]);
    const moved = describeChange(
      change({
        entityType: "slide",
        entityId: "3",
        action: "move-up",
        before: { order: [1, 3], sortOrder: 1 },
        after: { order: [3, 1], sortOrder: 0 },
      }),
    );
    expect(moved.summary).toBe("Moved up to position 1");
    expect(moved.lines).toEqual([{ label: "Position", before: "2", after: "1" }]);
    const placed = describeChange(
      change({
        entityType: "slide",
        entityId: "3",
        action: "move-to",
        before: { order: [1, 2, 3], position: 3 },
        after: { order: [3, 1, 2], position: 1 },
      }),
    );
    expect(placed).toMatchObject({
      summary: "Moved to position 1",
      lines: [{ label: "Position", before: "3", after: "1" }],
    });
    const scheduled = describeChange(
      change({
        entityType: "slide",
        entityId: "3",
        before: { title: "Winteractie", startsOn: null, endsOn: null },
        after: { title: "Winteractie", startsOn: "2026-12-01", endsOn: "2027-01-31" },
      }),
    );
    expect(scheduled.lines).toEqual([
      { label: "Shown from", before: null, after: "1 Dec 2026" },
      { label: "Shown until", before: null, after: "31 Jan 2027" },
    ]);
  });

  it("never shows a secret: a changed password reads hidden, a URL's user and password are masked", () => {
    const wording = describeChange(
      change({
        entityType: "setting",
        entityId: "sftp-connection",
        before: { host: "sftp.example", password: "••••", url: "sftp://jan:geheim@sftp.example/" },
        after: { host: "sftp2.example", password: "nieuw-geheim", url: "sftp://sftp2.example/" },
      }),
    );
    expect(wording.item).toBe("SFTP connection");
    expect(wording.lines).toEqual([
      { label: "URL", before: "sftp://••••••@sftp.example/", after: "sftp://sftp2.example/" },
      { label: "Host", before: "sftp.example", after: "sftp2.example" },
      { label: "Password", before: "•••••• (hidden)", after: "•••••• (hidden)" },
    ]);
    // A kind of item the table does not know: a secret-looking key is still hidden, also nested.
    const unknown = describeChange(
      change({
        entityType: "webhook",
        entityId: "w1",
        action: "rotate-key",
        before: { apiKey: "sk_old", config: { token: "t_old", name: "A" } },
        after: { apiKey: "sk_new", config: { token: "t_new", name: "B" } },
      }),
    );
    expect(unknown.summary).toBe("Rotate key");
    expect(JSON.stringify(unknown)).not.toMatch(/sk_old|sk_new|t_old|t_new/);
  });

  it("an action written later still reads: humanized action and field names, cents as euros", () => {
    const wording = describeChange(
      change({
        entityType: "gift-card",
        entityId: "GC-1",
        action: "top-up",
        before: { balanceCents: 1000, isBlocked: false },
        after: { balanceCents: 2500, isBlocked: true },
      }),
    );
    expect(wording).toMatchObject({
      item: "GC-1",
      summary: "Top up",
      lines: [
        { label: "Balance", before: `${EUR}10,00`, after: `${EUR}25,00` },
        { label: "Blocked", before: "No", after: "Yes" },
      ],
    });
  });

  it("a bulk entry: one sentence for all products, each product with its values before and after", () => {
    const price = describeChange(
      change({
        entityId: "bulk-1",
        action: "bulk-price",
        after: {
          percent: 5,
          products: [
            { artNo: 1234, name: "Finish Line Kettingolie 100 ml", before: 3295, after: 3460 },
            { artNo: 88, name: "Binnenband 28 inch", before: 599, after: 629 },
          ],
        },
      }),
      context,
    );
    expect(price.summary).toBe("Price changed on 2 products (+5 %)");
    expect(price.item).toBe("2 products");
    expect(price.bulk!.products).toEqual([
      { artNo: 1234, name: "Finish Line Kettingolie 100 ml (ArtNo 1234)", before: `${EUR}32,95`, after: `${EUR}34,60` },
      { artNo: 88, name: "Binnenband 28 inch (ArtNo 88)", before: `${EUR}5,99`, after: `${EUR}6,29` },
    ]);

    const status = describeChange(
      change({
        action: "bulk-status",
        after: { status: 0, products: [{ artNo: 88, name: "Binnenband 28 inch", before: 1, after: 0 }] },
      }),
      context,
    );
    expect(status.summary).toBe("Set inactive on 1 product");
    expect(status.bulk!.products[0]).toMatchObject({ before: "Active", after: "Inactive" });

    const category = describeChange(
      change({
        action: "bulk-category",
        after: {
          categoryId: 9,
          products: [
            { artNo: 88, name: "Binnenband 28 inch", before: 7, after: 9 },
            { artNo: 89, name: "Buitenband", before: null, after: 9 },
            { artNo: 90, name: "Ventiel", before: 7, after: 9 },
          ],
        },
      }),
      context,
    );
    expect(category.summary).toBe("Moved 3 products to Remmen");
    expect(category.bulk!.products[1]).toEqual({
      artNo: 89,
      name: "Buitenband (ArtNo 89)",
      before: null,
      after: "Remmen",
    });
  });

  it("a bulk entry as Product Management records it: the step as named, each product's prices, who was left out", () => {
    const price = describeChange(
      change({
        entityId: "bulk",
        action: "bulk-price",
        after: {
          summary: "Consumer price -€ 1,25: 2 products",
          target: { scope: "filter", filter: { cat: "7" } },
          change: { mode: "amount", cents: -125, text: "-€ 1,25" },
          matched: 3,
          count: 2,
          unchanged: 0,
          skipped: [{ artNo: 90, name: "Ventiel", reason: "has no consumer price" }],
          products: [
            {
              artNo: 88,
              name: "Schwalbe Binnenband 28 inch",
              before: { consumerPriceCents: 599, discountedPriceCents: null },
              after: { consumerPriceCents: 474, discountedPriceCents: null },
            },
            {
              artNo: 89,
              name: "Buitenband",
              before: { consumerPriceCents: 2995, discountedPriceCents: 2495 },
              after: { consumerPriceCents: 2870, discountedPriceCents: 2370 },
            },
          ],
        },
      }),
      context,
    );
    expect(price.summary).toBe("Price changed on 2 products (-€ 1,25)");
    expect(price.bulk).toEqual({
      products: [
        {
          artNo: 88,
          name: "Schwalbe Binnenband 28 inch (ArtNo 88)",
          before: `Consumer price ${EUR}5,99`,
          after: `Consumer price ${EUR}4,74`,
        },
        {
          artNo: 89,
          name: "Buitenband (ArtNo 89)",
          before: `Consumer price ${EUR}29,95, Discounted price ${EUR}24,95`,
          after: `Consumer price ${EUR}28,70, Discounted price ${EUR}23,70`,
        },
      ],
      skipped: [{ name: "Ventiel (ArtNo 90)", reason: "has no consumer price" }],
    });

    const percent = describeChange(
      change({
        entityId: "bulk",
        action: "bulk-price",
        after: { change: { mode: "percent", basisPoints: 1250 }, products: [] },
      }),
    );
    expect(percent.summary).toBe("Price changed on 0 products (+12,5 %)");

    const status = describeChange(
      change({
        entityId: "bulk",
        action: "bulk-status",
        after: {
          change: { status: 1 },
          products: [{ artNo: 88, name: "Binnenband", before: { status: 0 }, after: { status: 1 } }],
        },
      }),
    );
    expect(status.summary).toBe("Set active on 1 product");
    expect(status.bulk!.products[0]).toMatchObject({ before: "Status Inactive", after: "Status Active" });

    const moved = describeChange(
      change({
        entityId: "bulk",
        action: "bulk-category",
        after: {
          change: { categoryId: 9, categoryName: "Remmen (toen)" },
          products: [{ artNo: 88, name: "Binnenband", before: { categoryId: 7 }, after: { categoryId: 9 } }],
        },
      }),
      context,
    );
    expect(moved.summary).toBe("Moved 1 product to Remmen");
    expect(moved.bulk!.products[0]).toMatchObject({ before: "Category Kettingen", after: "Category Remmen" });
  });
});
