import type { MailContent } from "./mail-content";
import { ButtonLink, MailLayout, Paragraphs } from "./mail-layout";
import { renderMailHtml } from "./render-mail";

type LinkMail = { subject: string; intro: string[]; button: string; url: string; outro: string[] };

function LinkMailHtml({ mail }: { mail: LinkMail }) {
  return (
    <MailLayout title={mail.subject}>
      <p style={{ margin: "0 0 12px" }}>Hallo,</p>
      <Paragraphs lines={mail.intro} />
      <p style={{ margin: "20px 0" }}>
        <ButtonLink href={mail.url}>{mail.button}</ButtonLink>
      </p>
      <p style={{ margin: "0 0 12px", fontSize: 13, color: "#475569" }}>
        Werkt de knop niet? Kopieer dan deze link in je browser:
        <br />
        {mail.url}
      </p>
      <Paragraphs lines={mail.outro} />
      <p style={{ margin: 0 }}>
        Sportieve groet,
        <br />
        Trapkracht
      </p>
    </MailLayout>
  );
}

function linkMail(mail: LinkMail): MailContent {
  const text = [
    "Hallo,",
    "",
    ...mail.intro,
    "",
    `${mail.button}: ${mail.url}`,
    "",
    ...mail.outro,
    "",
    "Sportieve groet,",
    "Trapkracht",
  ].join("\n");
  return { subject: mail.subject, text, html: renderMailHtml(<LinkMailHtml mail={mail} />) };
}

/** Sent after registration (and on request again): the account works once this link is opened. */
export function verifyEmailMail(url: string): MailContent {
  return linkMail({
    subject: "Bevestig je e-mailadres bij Trapkracht",
    intro: ["Bedankt voor je registratie bij Trapkracht. Bevestig je e-mailadres om je account te activeren."],
    button: "E-mailadres bevestigen",
    url,
    outro: ["De link is 24 uur geldig. Heb je geen account aangemaakt? Dan kun je deze e-mail negeren."],
  });
}

/** "Wachtwoord vergeten?": a one-time link to choose a new password. */
export function resetPasswordMail(url: string): MailContent {
  return linkMail({
    subject: "Nieuw wachtwoord instellen bij Trapkracht",
    intro: ["Je hebt gevraagd om een nieuw wachtwoord voor je Trapkracht-account."],
    button: "Nieuw wachtwoord instellen",
    url,
    outro: [
      "De link is 1 uur geldig en werkt één keer. Heb je dit niet gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.",
    ],
  });
}

/**
 * Someone registered with an address that already has an account. The form answers exactly as for
 * a new address (no account enumeration); the owner learns about it here.
 */
export function accountExistsMail(loginUrl: string): MailContent {
  return linkMail({
    subject: "Je hebt al een account bij Trapkracht",
    intro: [
      "Er is geprobeerd een nieuw account aan te maken met dit e-mailadres, maar je hebt al een account bij Trapkracht.",
      'Log in met je bestaande wachtwoord. Weet je het niet meer? Kies dan bij het inloggen voor "Wachtwoord vergeten?".',
    ],
    button: "Inloggen",
    url: loginUrl,
    outro: ["Was jij dit niet? Dan hoef je niets te doen."],
  });
}

/** A Strava sign-in asks for an e-mail address; it joins the account only after this link is opened. */
export function confirmStravaEmailMail(url: string): MailContent {
  return linkMail({
    subject: "Bevestig je e-mailadres voor inloggen met Strava",
    intro: [
      "Je logde bij Trapkracht in met Strava en gaf dit e-mailadres op. Bevestig het om je account compleet te maken.",
      "Heb je met dit adres al een Trapkracht-account? Dan koppelen we Strava daaraan zodra je bevestigt.",
    ],
    button: "E-mailadres bevestigen",
    url,
    outro: ["De link is 24 uur geldig. Heb je dit niet gedaan? Dan kun je deze e-mail negeren."],
  });
}
