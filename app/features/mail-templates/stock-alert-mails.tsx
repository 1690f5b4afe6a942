import type { MailContent } from "./mail-content";
import { ButtonLink, linkStyle, MailLayout } from "./mail-layout";
import { renderMailHtml } from "./render-mail";

type Product = { name: string };

const muted = { margin: "0 0 12px", color: "#475569" };

function Signature() {
  return (
    <p style={{ margin: 0 }}>
      Sportieve groet,
      <br />
      Trapkracht
    </p>
  );
}

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
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Hoi,</p>
      <p style={{ margin: "0 0 12px" }}>
        Je vroeg ons je te mailen zodra <strong>{product.name}</strong> weer leverbaar is. Bevestig dat met deze knop:
      </p>
      <p style={{ margin: "0 0 16px" }}>
        <ButtonLink href={confirmUrl}>Melding bevestigen</ButtonLink>
      </p>
      <p style={muted}>
        Heb je dit niet zelf aangevraagd? Dan hoef je niets te doen: zonder bevestiging mailen we je niet.
      </p>
      <Signature />
    </MailLayout>,
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
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Hoi,</p>
      <p style={{ margin: "0 0 12px" }}>
        Goed nieuws: <strong>{product.name}</strong> is weer op voorraad.
      </p>
      <p style={{ margin: "0 0 16px" }}>
        <ButtonLink href={productUrl}>Bekijk het product</ButtonLink>
      </p>
      <p style={muted}>
        Je krijgt deze mail één keer, omdat je om een voorraadmelding vroeg. Wil je geen voorraadmeldingen meer van ons?{" "}
        <a href={unsubscribeUrl} style={linkStyle}>
          Meld je af
        </a>
        .
      </p>
      <Signature />
    </MailLayout>,
  );
  return { subject, text, html };
}
