import { useEffect } from "react";
import { data, redirect, useSearchParams } from "react-router";
import { toast } from "~/shared/actions/toast";
import { CheckCircle2, Clock, Mail, TriangleAlert } from "lucide-react";
import type { Route } from "./+types/contact.route";
import { ContactForm } from "./contact-form";
import { StaticPage } from "~/features/content";
import { rootOrigin } from "~/shared/page/root-data";
import {
  CONTACT_MESSAGES,
  contactValuesFrom,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from "./contact-schema";
import { sendContactMessage } from "./contact.server";
import { getCustomerServiceEmail } from "~/features/site-settings/index.server";
import { pageMeta } from "~/shared/page/seo";
import { readForm } from "~/shared/actions/form.server";

const SEND_ERROR = CONTACT_MESSAGES.sendError;

type ActionResult = { values: ContactValues; errors: ContactErrors; formError: string; detail: string };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact",
    description: "Vraag over een bestelling, product of retour? Stuur de klantenservice van Trapkracht een bericht.",
    origin: rootOrigin(matches),
    path: "/contact",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { customerServiceEmail: await getCustomerServiceEmail(context.db, context.config.shopEmail) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = contactValuesFrom(await readForm(request));
  const result = validateContact(values);
  if (!result.ok) {
    return data<ActionResult>(
      { values, errors: result.errors, formError: SEND_ERROR, detail: "Controleer de gemarkeerde velden." },
      { status: 400 },
    );
  }
  try {
    const customerServiceEmail = await getCustomerServiceEmail(context.db, context.config.shopEmail);
    const sent = await sendContactMessage(context.db, result.data, {
      clientIp: context.clientIp,
      shopEmail: context.config.shopEmail,
      customerServiceEmail,
    });
    if (!sent.ok) {
      return data<ActionResult>(
        { values, errors: {}, formError: SEND_ERROR, detail: CONTACT_MESSAGES.rateLimited },
        { status: 429 },
      );
    }
  } catch (error) {
    context.logger.error({ err: error }, "contact message could not be stored");
    return data<ActionResult>(
      {
        values,
        errors: {},
        formError: SEND_ERROR,
        detail: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
      },
      { status: 500 },
    );
  }
  // Post/Redirect/Get: a reload of the thank-you page never sends the message twice.
  return redirect("/contact?verzonden=1");
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("verzonden") === "1" && !actionData;

  useEffect(() => {
    if (sent)
      toast.success("Bericht verzonden", {
        description: "We reageren binnen twee werkdagen.",
        id: "contact-verzonden",
      });
  }, [sent]);
  useEffect(() => {
    if (actionData?.formError)
      toast.error(actionData.formError, { description: actionData.detail, id: "contact-fout" });
  }, [actionData]);

  return (
    <StaticPage
      title="Contact"
      intro="Een vraag over je bestelling, een product of een retour? Stuur ons een bericht; we reageren binnen twee werkdagen."
      aside={<ContactAside email={loaderData.customerServiceEmail} />}
    >
      {sent ? (
        <div
          role="status"
          className="not-prose mb-6 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="m-0 font-semibold">Bericht verzonden</p>
            <p className="m-0 text-sm">
              Bedankt! We hebben je bericht ontvangen en sturen je een bevestiging per e-mail. We reageren binnen twee
              werkdagen.
            </p>
          </div>
        </div>
      ) : null}
      {actionData?.formError ? (
        <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="m-0 font-semibold">{actionData.formError}</p>
            <p className="m-0 text-sm">{actionData.detail}</p>
          </div>
        </div>
      ) : null}
      <h2 className="!mt-0">Stuur ons een bericht</h2>
      <p>Alle velden zijn verplicht.</p>
      <ContactForm key={sent ? "verzonden" : "formulier"} values={actionData?.values} errors={actionData?.errors} />
    </StaticPage>
  );
}

function ContactAside({ email }: { email: string }) {
  return (
    <>
      <div className="rounded-lg border border-line bg-surface p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Mail aria-hidden className="size-4 text-brand-700" />
          Klantenservice
        </h2>
        <p className="mt-2 text-sm text-muted">Liever direct mailen? Dat kan ook:</p>
        <a
          href={`mailto:${email}`}
          className="mt-1 inline-block text-sm font-medium break-all text-brand-700 underline"
        >
          {email}
        </a>
      </div>
      <div className="rounded-lg border border-line bg-surface p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <Clock aria-hidden className="size-4 text-brand-700" />
          Bereikbaarheid
        </h2>
        <p className="mt-2 text-sm text-muted">
          Maandag t/m vrijdag van 9:00 tot 17:00 uur. Berichten in het weekend beantwoorden we op maandag.
        </p>
        <p className="mt-2 text-sm text-muted">
          Iets retourneren? Lees eerst onze{" "}
          <a href="/terms#herroeping" className="text-brand-700 underline">
            regels voor herroeping en retour
          </a>
          .
        </p>
      </div>
    </>
  );
}
