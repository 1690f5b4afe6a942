import { Link } from "react-router";
import type { Route } from "./+types/terms.route";
import { PageSection, StaticPage } from "./static-page";
import { rootOrigin } from "~/shared/page/root-data";
import { COMPANY, COMPANY_ADDRESS } from "./company";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Algemene voorwaarden",
    description:
      "De algemene voorwaarden van Trapkracht: prijzen inclusief btw, levering, 14 dagen herroepingsrecht met modelformulier, retour, garantie en klachten.",
    origin: rootOrigin(matches),
    path: "/terms",
  });
}

const TOC = [
  ["ondernemer", "Identiteit van de ondernemer"],
  ["toepasselijkheid", "Toepasselijkheid"],
  ["aanbod", "Aanbod en prijzen"],
  ["overeenkomst", "De overeenkomst"],
  ["betaling", "Betaling"],
  ["verzending", "Levering en verzending"],
  ["herroeping", "Herroepingsrecht: 14 dagen bedenktijd"],
  ["modelformulier", "Modelformulier voor herroeping"],
  ["garantie", "Garantie en conformiteit"],
  ["klachten", "Klachten en geschillen"],
  ["recht", "Toepasselijk recht"],
] as const;

export default function Terms() {
  return (
    <StaticPage
      title="Algemene voorwaarden"
      intro="Deze voorwaarden gelden voor elke bestelling bij Trapkracht. We hebben ze zo duidelijk mogelijk opgeschreven; heb je toch een vraag, neem dan contact met ons op."
      updated="1 maart 2026"
    >
      <nav aria-labelledby="inhoud-titel" className="rounded-lg border border-line bg-surface p-5">
        <h2 id="inhoud-titel" className="!mt-0 !text-base">
          Inhoud
        </h2>
        <ol className="!mb-0">
          {TOC.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ol>
      </nav>

      <PageSection id="ondernemer" title="1. Identiteit van de ondernemer">
        <p>
          {COMPANY.legalName}, handelend onder de naam {COMPANY.tradeName}
          <br />
          {COMPANY_ADDRESS}, {COMPANY.country}
          <br />
          E-mail: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          <br />
          KvK-nummer: {COMPANY.kvk} · Btw-identificatienummer: {COMPANY.vat}
        </p>
      </PageSection>

      <PageSection id="toepasselijkheid" title="2. Toepasselijkheid">
        <p>
          Deze voorwaarden zijn van toepassing op elk aanbod van {COMPANY.tradeName} en op elke overeenkomst op afstand
          die via deze webwinkel tot stand komt. Voordat je een bestelling plaatst, kun je deze voorwaarden lezen,
          opslaan en afdrukken. Afwijkende afspraken gelden alleen als we die schriftelijk of per e-mail met je hebben
          gemaakt.
        </p>
      </PageSection>

      <PageSection id="aanbod" title="3. Aanbod en prijzen">
        <ul>
          <li>
            Alle prijzen zijn in euro&apos;s en <strong>inclusief btw</strong>. Eventuele verzendkosten zie je apart in
            je winkelwagen en bij het afrekenen, voordat je betaalt.
          </li>
          <li>
            We beschrijven onze producten zo volledig en nauwkeurig mogelijk. Afbeeldingen kunnen licht afwijken
            (bijvoorbeeld in kleur). Kennelijke vergissingen of fouten in het aanbod binden ons niet.
          </li>
          <li>
            Bij een aanbieding tonen we als &ldquo;van&rdquo;-prijs de laagste prijs die we in de 30 dagen vóór de
            korting hebben gevraagd.
          </li>
          <li>Aanbiedingen gelden zolang de voorraad strekt.</li>
        </ul>
      </PageSection>

      <PageSection id="overeenkomst" title="4. De overeenkomst">
        <p>
          De overeenkomst komt tot stand zodra je een bestelling plaatst met de knop &ldquo;Bestelling met
          betalingsverplichting&rdquo; en de betaling is gelukt. Je ontvangt daarna een bevestiging per e-mail. Blijkt
          een product na je bestelling toch niet leverbaar, dan laten we je dat zo snel mogelijk weten en betalen we het
          bedrag voor dat product binnen 14 dagen terug.
        </p>
      </PageSection>

      <PageSection id="betaling" title="5. Betaling">
        <p>
          Je betaalt vooraf met iDEAL of creditcard via onze betaaldienstverlener. We verzenden je bestelling nadat de
          betaling is ontvangen. Je betaalgegevens worden niet door ons opgeslagen.
        </p>
      </PageSection>

      <PageSection id="verzending" title="6. Levering en verzending">
        <ul>
          <li>
            We leveren in Nederland. Op werkdagen <strong>voor 18:00 uur besteld</strong> (en betaald) betekent dat we
            je pakket dezelfde dag aan de pakketdienst meegeven; het wordt dan doorgaans{" "}
            <strong>binnen 1 werkdag bezorgd</strong>.
          </li>
          <li>
            <strong>Vanaf €50</strong> (na eventuele korting) verzenden we gratis. Onder dat bedrag betaal je een vaste
            verzendprijs van €4,95.
          </li>
          <li>
            Lukt levering niet binnen 30 dagen, dan mag je de bestelling kosteloos annuleren en betalen we alles binnen
            14 dagen terug.
          </li>
          <li>
            Het risico van beschadiging en verlies ligt bij ons tot het moment dat het pakket bij jou (of iemand die jij
            aanwijst) is bezorgd.
          </li>
        </ul>
      </PageSection>

      <PageSection id="herroeping" title="7. Herroepingsrecht: 14 dagen bedenktijd">
        <p>
          Als consument heb je het recht om de overeenkomst <strong>binnen 14 dagen</strong> zonder opgaaf van redenen
          te herroepen (het herroepingsrecht). Deze bedenktijd begint op de dag nadat jij, of iemand die je hebt
          aangewezen, het product hebt ontvangen. Bestel je meerdere producten die apart worden geleverd, dan begint de
          termijn na ontvangst van het laatste product.
        </p>
        <h3>Zo herroep je</h3>
        <ol>
          <li>
            Laat ons binnen de bedenktijd ondubbelzinnig weten dat je de overeenkomst herroept. Dat kan met de knop
            &ldquo;Bestelling herroepen&rdquo; bij je bestelling: in <Link to="/orders">Mijn bestellingen</Link>, of
            zonder account via <Link to="/bestelling">Bestelling bekijken of herroepen</Link> met je bestelnummer en
            e-mailadres (of de link in je bevestigingsmail). Het kan ook per e-mail aan{" "}
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, via het <Link to="/contact">contactformulier</Link>{" "}
            of met het <a href="#modelformulier">modelformulier voor herroeping</a> hieronder. Je ontvangt van ons een
            ontvangstbevestiging per e-mail.
          </li>
          <li>
            Stuur het product <strong>binnen 14 dagen</strong> na je melding terug naar {COMPANY_ADDRESS}, compleet en
            zo mogelijk in de originele verpakking. De kosten van het terugsturen zijn voor jouw rekening.
          </li>
          <li>
            Ga tijdens de bedenktijd zorgvuldig met het product om: pak het alleen uit en gebruik het alleen zoals je
            dat in een winkel ook zou doen. Is het product door jouw hantering in waarde verminderd, dan mogen we die
            waardevermindering in rekening brengen.
          </li>
        </ol>
        <h3>Terugbetaling</h3>
        <p>
          We betalen het volledige bedrag, inclusief de standaard verzendkosten van je bestelling, terug{" "}
          <strong>binnen 14 dagen</strong> nadat je de herroeping hebt gemeld. We gebruiken daarvoor hetzelfde
          betaalmiddel als waarmee je hebt betaald. We mogen wachten met terugbetalen tot we het product hebben
          ontvangen of tot je hebt aangetoond dat je het hebt teruggestuurd, als dat eerder is.
        </p>
        <h3>Uitzonderingen</h3>
        <p>Het herroepingsrecht geldt niet voor:</p>
        <ul>
          <li>
            sportvoeding en andere producten die om redenen van gezondheidsbescherming of hygiëne niet geschikt zijn om
            terug te sturen en waarvan de verzegeling na levering is verbroken;
          </li>
          <li>producten die snel bederven of een beperkte houdbaarheid hebben;</li>
          <li>producten die op jouw verzoek op maat zijn gemaakt of aangepast.</li>
        </ul>
      </PageSection>

      <PageSection id="modelformulier" title="8. Modelformulier voor herroeping">
        <p>(Dit formulier alleen invullen en terugzenden als je de overeenkomst wilt herroepen.)</p>
        <div className="rounded-lg border border-line bg-surface p-5 text-sm">
          <p className="!mt-0">
            Aan: {COMPANY.legalName}, {COMPANY_ADDRESS}, {COMPANY.country}, {COMPANY.email}
          </p>
          <p>
            Ik/Wij* deel/delen* u hierbij mede dat ik/wij* onze overeenkomst betreffende de verkoop van de volgende
            producten herroep/herroepen*:
            <br />
            [aanduiding product]
          </p>
          <p>Besteld op*/ontvangen op*: [datum bestelling / datum ontvangst]</p>
          <p>Naam consument(en): ……………………………………</p>
          <p>Adres consument(en): ……………………………………</p>
          <p>Handtekening consument(en) (alleen als dit formulier op papier wordt ingediend): ……………………</p>
          <p>Datum: ……………………</p>
          <p className="!mb-0">* Doorhalen wat niet van toepassing is.</p>
        </div>
      </PageSection>

      <PageSection id="garantie" title="9. Garantie en conformiteit">
        <p>
          We staan ervoor in dat onze producten voldoen aan de overeenkomst, aan de specificaties in het aanbod en aan
          redelijke eisen van deugdelijkheid en bruikbaarheid (wettelijke garantie). Een extra fabrieksgarantie van een
          merk beperkt jouw wettelijke rechten nooit. Is een product defect, meld het ons dan binnen twee maanden nadat
          je het gebrek hebt ontdekt; we zorgen dan kosteloos voor herstel, vervanging of terugbetaling.
        </p>
      </PageSection>

      <PageSection id="klachten" title="10. Klachten en geschillen">
        <p>
          Klachten over een bestelling of de uitvoering ervan kun je binnen redelijke tijd melden via{" "}
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> of het <Link to="/contact">contactformulier</Link>. We
          bevestigen je klacht en geven binnen 14 dagen een inhoudelijke reactie; als we meer tijd nodig hebben, laten
          we je dat binnen die termijn weten. Komen we er samen niet uit, dan kun je je geschil voorleggen aan de
          bevoegde rechter of via het Europese ODR-platform (
          <a href="https://ec.europa.eu/consumers/odr" rel="noopener">
            ec.europa.eu/consumers/odr
          </a>
          ).
        </p>
      </PageSection>

      <PageSection id="recht" title="11. Toepasselijk recht">
        <p>
          Op deze voorwaarden en alle overeenkomsten met {COMPANY.tradeName} is Nederlands recht van toepassing. Dit
          doet niets af aan de dwingende bescherming die het recht van het land waar je woont je als consument biedt.
        </p>
      </PageSection>
    </StaticPage>
  );
}
