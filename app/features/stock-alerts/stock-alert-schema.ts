import { z } from "zod";
import { textField } from "~/shared/forms/text-field";

export const STOCK_ALERT_TEXT = {
  invalidEmail: "Voer een geldig e-mailadres in",
  requested:
    "Bijna klaar: we hebben je een mail gestuurd. Bevestig je melding met de link daarin, dan mailen we je zodra dit product weer leverbaar is.",
  inStock: "Dit product is weer op voorraad: je kunt het nu bestellen.",
  unavailable: "Voor dit product kun je geen melding aanvragen.",
  rateLimited: "Je hebt al een paar meldingen aangevraagd. Probeer het over een uur opnieuw.",
  failed: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
} as const;

/** The one form schema of "Mail me als het weer leverbaar is": browser and server. */
export const stockAlertSchema = z.object({
  artNo: z.coerce.number().int().positive().max(2_147_483_647),
  email: textField(STOCK_ALERT_TEXT.invalidEmail)
    .trim()
    .max(254, { message: STOCK_ALERT_TEXT.invalidEmail })
    .pipe(z.email({ message: STOCK_ALERT_TEXT.invalidEmail })),
});

/** What the "/voorraadmelding" action answers the product page's form. */
export type StockAlertActionData = { ok: boolean; message: string; field?: "email" };
