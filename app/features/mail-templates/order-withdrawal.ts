import { COMPANY, COMPANY_ADDRESS } from "~/features/content";

/**
 * The withdrawal information the law wants in the order confirmation ("duurzame gegevensdrager"):
 * the same rules and model form as the terms page (/terms §7 and §8), as plain lines.
 */
export const WITHDRAWAL_TITLE = "Herroepingsrecht: 14 dagen bedenktijd";

export const WITHDRAWAL_PARAGRAPHS: readonly string[] = [
  "Je hebt het recht om de overeenkomst binnen 14 dagen zonder opgaaf van redenen te herroepen. Deze bedenktijd begint op de dag nadat jij, of iemand die je hebt aangewezen, het product hebt ontvangen. Bestel je meerdere producten die apart worden geleverd, dan begint de termijn na ontvangst van het laatste product.",
  `Zo herroep je: laat ons binnen de bedenktijd ondubbelzinnig weten dat je de overeenkomst herroept. Dat kan met de knop "Bestelling herroepen" bij je bestelling (via de link "Bekijk je bestelling" in deze mail, ook zonder account), per e-mail aan ${COMPANY.email}, via het contactformulier op de website of met het modelformulier hieronder. Je ontvangt van ons een ontvangstbevestiging per e-mail.`,
  `Stuur het product binnen 14 dagen na je melding terug naar ${COMPANY_ADDRESS}, compleet en zo mogelijk in de originele verpakking. De kosten van het terugsturen zijn voor jouw rekening.`,
  "We betalen het volledige bedrag, inclusief de standaard verzendkosten, terug binnen 14 dagen nadat je de herroeping hebt gemeld, met hetzelfde betaalmiddel als waarmee je hebt betaald. We mogen wachten met terugbetalen tot we het product hebben ontvangen of tot je hebt aangetoond dat je het hebt teruggestuurd.",
  "Het herroepingsrecht geldt niet voor sportvoeding en andere producten die om redenen van gezondheidsbescherming of hygiëne niet geschikt zijn om terug te sturen en waarvan de verzegeling na levering is verbroken, en niet voor producten die snel bederven of een beperkte houdbaarheid hebben.",
];

export const MODEL_FORM_TITLE = "Modelformulier voor herroeping";

/** The statutory model form (Annex I(B) of Directive 2011/83/EU), as on /terms §8. */
export const MODEL_FORM_LINES: readonly string[] = [
  "(Dit formulier alleen invullen en terugzenden als je de overeenkomst wilt herroepen.)",
  `Aan: ${COMPANY.legalName}, ${COMPANY_ADDRESS}, ${COMPANY.country}, ${COMPANY.email}`,
  "Ik/Wij* deel/delen* u hierbij mede dat ik/wij* onze overeenkomst betreffende de verkoop van de volgende producten herroep/herroepen*:",
  "[aanduiding product]",
  "Besteld op*/ontvangen op*: [datum bestelling / datum ontvangst]",
  "Naam consument(en): ……………………………………",
  "Adres consument(en): ……………………………………",
  "Handtekening consument(en) (alleen als dit formulier op papier wordt ingediend): ……………………",
  "Datum: ……………………",
  "* Doorhalen wat niet van toepassing is.",
];
