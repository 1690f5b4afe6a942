import { escapeHtml, htmlLayout, type MailContent } from "./escape";

type Product = { name: string };

const button = (url: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#065f46;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

/** The double opt-in: nothing is mailed about the product until the shopper follows this link. */
export function stockAlertConfirmMail(product: Product, confirmUrl: string): MailContent {
  const subject = `Bevestig je voorraadmelding voor ${product.name}`;
  const text = [
    `Hoi,`,
    ``,
    `Je vroeg ons je te mailen zodra ${product.name} weer leverbaar is. Bevestig dat met deze link:`,
    confirmUrl,
    ``,
    `Heb je dit niet zelf aangevraagd? Dan hoef je niets te doen: zonder bevestiging mailen we je niet.`,
    ``,
    `Sportieve groet,`,
    `Trapkracht`,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hoi,</p>
<p style="margin:0 0 12px">Je vroeg ons je te mailen zodra <strong>${escapeHtml(product.name)}</strong> weer leverbaar is. Bevestig dat met deze knop:</p>
${button(confirmUrl, "Melding bevestigen")}
<p style="margin:0 0 12px;color:#475569">Heb je dit niet zelf aangevraagd? Dan hoef je niets te doen: zonder bevestiging mailen we je niet.</p>
<p style="margin:0">Sportieve groet,<br>Trapkracht</p>`,
  );
  return { subject, text, html };
}

/** The one mail a confirmed request gets, with a way to say no to further mails of this kind. */
export function backInStockMail(product: Product, productUrl: string, unsubscribeUrl: string): MailContent {
  const subject = `${product.name} is weer leverbaar`;
  const text = [
    `Hoi,`,
    ``,
    `Goed nieuws: ${product.name} is weer op voorraad. Bestel het hier:`,
    productUrl,
    ``,
    `Je krijgt deze mail één keer, omdat je om een voorraadmelding vroeg.`,
    `Wil je geen voorraadmeldingen meer van ons? Meld je af: ${unsubscribeUrl}`,
    ``,
    `Sportieve groet,`,
    `Trapkracht`,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hoi,</p>
<p style="margin:0 0 12px">Goed nieuws: <strong>${escapeHtml(product.name)}</strong> is weer op voorraad.</p>
${button(productUrl, "Bekijk het product")}
<p style="margin:0 0 12px;color:#475569">Je krijgt deze mail één keer, omdat je om een voorraadmelding vroeg. Wil je geen voorraadmeldingen meer van ons? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#065f46">Meld je af</a>.</p>
<p style="margin:0">Sportieve groet,<br>Trapkracht</p>`,
  );
  return { subject, text, html };
}
