import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES } from "./mail-catalogue";
import { contactMessageMail } from "./contact-mails";
import { orderConfirmationMail } from "./order-confirmation";
import { orderStatusMail } from "./order-status";
import { sampleOrder, sampleUrls, type Word } from "./preview-samples";
import { refundMail } from "./refund-mail";

/** A value with everything that would break out of HTML text or an attribute, numbered per value. */
const hostile = (n: number) => `<script>alert(${n})</script> & "q" 'a' &amp;`;
/** The same, as HTML must carry it (written out by hand: React's entity for ' is &#x27;). */
const escaped = (n: number) => `&lt;script&gt;alert(${n})&lt;/script&gt; &amp; &quot;q&quot; &#x27;a&#x27; &amp;amp;`;

/** Renders a template with every value it is given marked, and remembers the markers it handed out. */
function renderMarked(render: (word: Word) => { subject: string; text: string; html: string }) {
  const markers: number[] = [];
  const mail = render((value) => {
    markers.push(markers.length + 1);
    return `${value}${hostile(markers.length)}`;
  });
  return { mail, markers };
}

const EURO = "€\u00a0";

describe("every mail template escapes by construction", () => {
  it("knows every template the shop sends", () => {
    expect(MAIL_TEMPLATES.map((t) => t.id).sort()).toEqual(
      [
        "account-exists",
        "back-in-stock",
        "confirm-strava-email",
        "contact-confirmation",
        "contact-message",
        "dropshipment-error",
        "order-confirmation",
        "order-notification",
        "order-status-cancelled",
        "order-status-completed",
        "order-status-processing",
        "order-status-shipped",
        "order-status-shipped-by-supplier",
        "refund",
        "reset-password",
        "stock-alert-confirm",
        "verify-email",
        "withdrawal-confirmation",
        "withdrawal-notification",
      ].sort(),
    );
  });

  describe.each(MAIL_TEMPLATES.map((t) => [t.id, t] as const))("%s", (_id, template) => {
    const { mail, markers } = renderMarked((word) => template.render(word));
    const shown = markers.filter((n) => mail.text.includes(hostile(n)) || mail.html.includes(escaped(n)));

    it("shows at least one value it was given (the check below is not empty)", () => {
      expect(shown.length).toBeGreaterThan(0);
    });

    it("writes every value escaped in the HTML part and as typed in the text part", () => {
      for (const n of shown) {
        expect(mail.html, `value ${n} in the HTML part`).toContain(escaped(n));
        expect(mail.text, `value ${n} in the text part`).toContain(hostile(n));
      }
    });

    it("lets no value become markup", () => {
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).not.toContain(`"q"`);
      expect(mail.html).not.toContain(`'a'`);
    });

    it("keeps the text part free of HTML and its entities", () => {
      expect(mail.text).not.toMatch(/&lt;|&quot;|&#x27;|<br|<p[ >]/);
    });

    it("is one HTML document in the shared layout, its title the subject", () => {
      const plain = template.render();
      expect(plain.html.startsWith('<!doctype html>\n<html lang="nl">')).toBe(true);
      expect(plain.html).toContain(`<title>${plain.subject.replace(/&/g, "&amp;")}</title>`);
      expect(plain.html.match(/<html/g)).toHaveLength(1);
    });
  });
});

describe("the mails' texts are the shop's own words", () => {
  it("a partial refund, as the shopper reads it", () => {
    const mail = refundMail({ orderId: "3f2a9c1e-7b4d", firstName: "", amountCents: 995, full: false });
    expect(mail.subject).toBe(`We hebben ${EURO}9,95 terugbetaald – bestelling #3f2a9c1e`);
    expect(mail.text).toBe(
      [
        "Hallo klant,",
        `We hebben ${EURO}9,95 van een deel van je bestelling #3f2a9c1e terugbetaald, met hetzelfde betaalmiddel waarmee je betaalde. Afhankelijk van je bank staat het bedrag binnen enkele werkdagen op je rekening.`,
        "Vragen? Mail klantenservice@trapkracht.nl.",
      ].join("\n\n"),
    );
    expect(mail.html).toContain('<p style="margin:0 0 12px">Hallo klant,</p>');
  });

  it("a shipped order with its tracking link", () => {
    const mail = orderStatusMail("shipped", {
      orderId: "3f2a9c1e-7b4d",
      firstName: "Anna",
      orderUrl: "https://www.trapkracht.nl/bestelling?code=a&b",
      trackingUrl: "https://jouw.pakket.nl/volg/3S?x=1&y=2",
    });
    expect(mail.subject).toBe("Je bestelling is verzonden – bestelling #3f2a9c1e");
    expect(mail.text).toBe(
      [
        "Hallo Anna,",
        "",
        "Je bestelling is onderweg naar je toe.",
        "",
        "Volg je pakket: https://jouw.pakket.nl/volg/3S?x=1&y=2",
        "",
        "Je bestelling bekijken (ook zonder account): https://www.trapkracht.nl/bestelling?code=a&b",
        "Vragen? Mail klantenservice@trapkracht.nl.",
      ].join("\n"),
    );
    expect(mail.html).toContain(
      '<a href="https://jouw.pakket.nl/volg/3S?x=1&amp;y=2" style="color:#065f46">Volg je pakket</a>',
    );
    expect(mail.html).toContain(">Bekijk je bestelling #3f2a9c1e</a>");
  });

  it("the order confirmation's lines and totals (2 × €9,95 was €12,50, 1 × €6,50, 10% off, €4,95 shipping)", () => {
    const urls = sampleUrls((v) => v);
    const mail = orderConfirmationMail(
      sampleOrder((v) => v),
      {
        customerServiceEmail: urls.customerServiceEmail,
        publicUrl: urls.publicUrl,
        orderUrl: urls.orderUrl,
      },
    );
    expect(mail.text).toContain(
      [
        `- Kettingolie 100 ml × 2: ${EURO}19,90 (${EURO}9,95 per stuk, aanbieding, was ${EURO}12,50)`,
        `- Binnenband 28 inch × 1: ${EURO}6,50 (${EURO}6,50 per stuk)`,
        "",
        `Subtotaal: ${EURO}26,40`,
        `Korting (ZOMER10): − ${EURO}2,64`,
        `Verzendkosten: ${EURO}4,95`,
        `Totaal: ${EURO}28,71`,
        `Waarvan btw 21%: ${EURO}4,98`,
      ].join("\n"),
    );
    expect(mail.html).toContain(
      `>${EURO}9,95 per stuk <span style="color:#64748b;text-decoration:line-through">${EURO}12,50</span>`,
    );
    expect(mail.html).toContain(
      '<p style="margin:0 0 16px">Anna de Vries<br/>Kerkstraat 12 A<br/>3511 AB Utrecht<br/>Nederland</p>',
    );
  });

  it("a message's line breaks stay line breaks, in both parts", () => {
    const mail = contactMessageMail({
      firstName: "Anna",
      lastName: "de Vries",
      email: "anna@example.nl",
      subject: "Vraag",
      message: "Regel een\r\nRegel <twee>",
    });
    expect(mail.text).toContain("\n\nRegel een\r\nRegel <twee>\n\n");
    expect(mail.html).toContain(">Regel een<br/>Regel &lt;twee&gt;</div>");
  });
});
