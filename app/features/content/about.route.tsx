import { Link } from "react-router";
import type { Route } from "./+types/about.route";
import { PageSection, StaticPage } from "./static-page";
import { rootOrigin } from "~/shared/page/root-data";
import { COMPANY, COMPANY_ADDRESS } from "./company";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Over ons",
    description:
      "Trapkracht is de webwinkel voor fietsonderdelen, onderhoudsmiddelen en sportvoeding. Voor 18:00 besteld, binnen 1 werkdag in huis.",
    origin: rootOrigin(matches),
    path: "/about",
  });
}

export default function About() {
  return (
    <StaticPage
      title="Over Trapkracht"
      intro="Wij zijn fietsers die andere fietsers helpen: met de juiste onderdelen, goed onderhoud en voeding die je verder brengt."
    >
      <PageSection id="wie-we-zijn" title="Wie we zijn">
        <p>
          Trapkracht is een Nederlandse webwinkel, opgericht door een klein team van wielrenners, mountainbikers en
          fietsenmakers. We weten uit ervaring hoe vervelend het is als een ketting kraakt, een remblok op is of je
          halverwege een rit zonder energie komt te staan. Daarom hebben we één adres gemaakt waar je alles vindt om
          weer met plezier op de fiets te stappen.
        </p>
        <p>
          We adviseren eerlijk: liever een passend onderdeel van een paar euro dan een dure upgrade die je niet nodig
          hebt. Twijfel je wat je nodig hebt? <Link to="/contact">Stuur ons een bericht</Link>, dan denken we met je
          mee.
        </p>
      </PageSection>

      <PageSection id="assortiment" title="Wat we verkopen">
        <ul>
          <li>
            <strong>
              <Link to="/fietsonderdelen">Fietsonderdelen</Link>
            </strong>
            : kettingen, cassettes, remmen, banden, binnenbanden, verlichting en meer, van merken als Shimano, SRAM,
            Continental en Schwalbe.
          </li>
          <li>
            <strong>
              <Link to="/onderhoud">Onderhoud</Link>
            </strong>
            : reinigers, ontvetters, kettingolie en vet om je fiets soepel en stil te laten lopen, in elk seizoen.
          </li>
          <li>
            <strong>
              <Link to="/sportvoeding">Sportvoeding</Link>
            </strong>
            : energiegels, repen, sportdranken en herstelproducten, met duidelijke informatie over ingrediënten en
            allergenen.
          </li>
        </ul>
        <p>
          Al onze prijzen zijn inclusief btw. Staat er een aanbieding, dan zie je de korting direct bij het product.
        </p>
      </PageSection>

      <PageSection id="bezorging" title="Onze leverbelofte">
        <ul>
          <li>
            <strong>Voor 18:00 besteld, binnen 1 werkdag bezorgd.</strong> Op werkdagen geplaatste bestellingen die voor
            18:00 uur binnen zijn, geven we dezelfde dag nog mee aan de pakketdienst.
          </li>
          <li>
            <strong>Gratis verzending vanaf €50.</strong> Daaronder betaal je een vaste verzendprijs, die je vooraf in
            je winkelwagen ziet.
          </li>
          <li>
            <strong>14 dagen bedenktijd.</strong> Past het toch niet of ben je niet tevreden? Je kunt je aankoop binnen
            14 dagen zonder opgaaf van reden retourneren. Lees hoe dat werkt in onze{" "}
            <Link to="/terms#herroeping">algemene voorwaarden</Link>.
          </li>
        </ul>
        <p>
          Betalen doe je veilig met iDEAL of creditcard. Je betaalgegevens gaan rechtstreeks naar onze
          betaaldienstverlener; wij zien ze nooit.
        </p>
      </PageSection>

      <PageSection id="gegevens" title="Bedrijfsgegevens">
        <p>
          {COMPANY.legalName}
          <br />
          {COMPANY_ADDRESS}, {COMPANY.country}
          <br />
          KvK-nummer: {COMPANY.kvk}
          <br />
          Btw-nummer: {COMPANY.vat}
          <br />
          E-mail: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        </p>
      </PageSection>
    </StaticPage>
  );
}
