import { Link } from "react-router";
import type { Route } from "./+types/privacy.route";
import { PageSection, StaticPage } from "./static-page";
import { rootOrigin } from "~/shared/page/root-data";
import { COMPANY, COMPANY_ADDRESS } from "./company";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacyverklaring",
    description:
      "Welke persoonsgegevens Trapkracht verwerkt, waarom, hoe lang we ze bewaren en welke rechten je hebt onder de AVG. Geen trackingcookies.",
    origin: rootOrigin(matches),
    path: "/privacy",
  });
}

export default function Privacy() {
  return (
    <StaticPage
      title="Privacyverklaring"
      intro="We gaan zorgvuldig om met je gegevens: we vragen alleen wat nodig is om je bestelling te leveren en je vragen te beantwoorden, en we volgen je niet met trackingcookies."
      updated="1 maart 2026"
    >
      <PageSection id="wie" title="Wie is verantwoordelijk?">
        <p>
          {COMPANY.legalName}, {COMPANY_ADDRESS} (KvK {COMPANY.kvk}), is verwerkingsverantwoordelijke in de zin van de
          Algemene verordening gegevensbescherming (AVG). Vragen over privacy stel je via{" "}
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
        </p>
      </PageSection>

      <PageSection id="welke-gegevens" title="Welke gegevens we verwerken en waarom">
        <table>
          <thead>
            <tr>
              <th scope="col">Gegevens</th>
              <th scope="col">Doel</th>
              <th scope="col">Grondslag</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Naam, adres, e-mailadres, telefoonnummer</td>
              <td>Je bestelling verwerken, bezorgen en je over de levering informeren</td>
              <td>Uitvoering van de overeenkomst</td>
            </tr>
            <tr>
              <td>Bestelde producten, bedragen, betaalstatus</td>
              <td>Orderafhandeling, retouren, garantie en onze boekhouding</td>
              <td>Overeenkomst en wettelijke plicht</td>
            </tr>
            <tr>
              <td>Accountgegevens (e-mailadres, versleuteld wachtwoord)</td>
              <td>Inloggen en je bestelgeschiedenis tonen</td>
              <td>Toestemming (je maakt zelf een account aan)</td>
            </tr>
            <tr>
              <td>Berichten via het contactformulier</td>
              <td>Je vraag beantwoorden en je een ontvangstbevestiging sturen</td>
              <td>Gerechtvaardigd belang / overeenkomst</td>
            </tr>
            <tr>
              <td>IP-adres en technische logregels</td>
              <td>De webwinkel beveiligen en misbruik (zoals spam) beperken</td>
              <td>Gerechtvaardigd belang</td>
            </tr>
          </tbody>
        </table>
        <p>
          Je betaalgegevens (zoals je rekening- of creditcardnummer) komen niet bij ons terecht: die verwerkt onze
          betaaldienstverlener. Wij ontvangen alleen of de betaling gelukt is.
        </p>
      </PageSection>

      <PageSection id="delen" title="Met wie we gegevens delen">
        <p>We delen je gegevens alleen als dat nodig is om je bestelling uit te voeren:</p>
        <ul>
          <li>de betaaldienstverlener, om je betaling via iDEAL of creditcard af te handelen;</li>
          <li>onze groothandel, die je bestelling rechtstreeks naar je verstuurt (naam, adres, producten);</li>
          <li>
            de pakketdienst, om je pakket te bezorgen (naam, adres en eventueel e-mailadres voor track &amp; trace);
          </li>
          <li>onze hostingpartij, die de webwinkel binnen de Europese Unie draait.</li>
        </ul>
        <p>
          Met al deze partijen hebben we afspraken gemaakt over beveiliging en geheimhouding. We verkopen je gegevens
          nooit en gebruiken ze niet voor advertenties van anderen.
        </p>
      </PageSection>

      <PageSection id="bewaartermijnen" title="Hoe lang we gegevens bewaren">
        <ul>
          <li>Bestel- en factuurgegevens: 7 jaar, omdat de fiscale bewaarplicht dat voorschrijft.</li>
          <li>Je account: zolang je het gebruikt; na 2 jaar zonder inloggen verwijderen we het na een waarschuwing.</li>
          <li>Contactberichten: tot 1 jaar nadat je vraag is afgehandeld.</li>
          <li>Technische logregels: maximaal 30 dagen. Tellers tegen misbruik van formulieren: maximaal 1 uur.</li>
        </ul>
      </PageSection>

      <PageSection id="cookies" title="Cookies">
        <p>
          Trapkracht gebruikt <strong>geen tracking- of advertentiecookies</strong> en geen analysediensten van derden.
          We plaatsen alleen functionele cookies en lokale opslag die nodig zijn om de winkel te laten werken, zoals je
          inlogsessie en de inhoud van je winkelwagen. Daarom vragen we ook geen toestemming via een cookiemelding.
        </p>
      </PageSection>

      <PageSection id="beveiliging" title="Beveiliging">
        <p>
          De webwinkel is alleen bereikbaar via een versleutelde verbinding (https). Wachtwoorden slaan we alleen
          versleuteld (gehasht) op en alleen medewerkers die dat voor hun werk nodig hebben, kunnen bij je gegevens.
        </p>
      </PageSection>

      <PageSection id="rechten" title="Jouw rechten">
        <p>Onder de AVG heb je het recht om:</p>
        <ul>
          <li>je gegevens in te zien;</li>
          <li>onjuiste gegevens te laten corrigeren;</li>
          <li>je gegevens te laten verwijderen, voor zover we ze niet wettelijk moeten bewaren;</li>
          <li>de verwerking te laten beperken of er bezwaar tegen te maken;</li>
          <li>je gegevens in een gangbaar bestandsformaat te ontvangen (dataportabiliteit);</li>
          <li>een gegeven toestemming op elk moment in te trekken.</li>
        </ul>
        <p>
          Stuur je verzoek naar <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> of via het{" "}
          <Link to="/contact">contactformulier</Link>. We reageren binnen een maand. Ben je niet tevreden over hoe we
          met je gegevens omgaan, dan kun je een klacht indienen bij de{" "}
          <a href="https://www.autoriteitpersoonsgegevens.nl" rel="noopener">
            Autoriteit Persoonsgegevens
          </a>
          .
        </p>
      </PageSection>
    </StaticPage>
  );
}
