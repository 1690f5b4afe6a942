import { data, Form, Link, redirect, useNavigation, type AppLoadContext } from "react-router";
import type { Route } from "./+types/guest-order.route";
import { OrderDisclosure } from "./order-list";
import { StaticPage } from "~/features/content";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { getCustomerOrder } from "./customer-orders.server";
import {
  GUEST_ORDER_TEXT,
  guestOrderCookie,
  guestOrderToken,
  lookUpGuestOrder,
  parseOrderNumber,
  verifyGuestOrderToken,
} from "./guest-order.server";
import { guestOrderIdOf } from "./shopper-access.http.server";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";
import { intentAction } from "~/shared/actions/intent-action.server";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Je bestelling bekijken",
    description: "Bekijk de status van je bestelling met je bestelnummer en e-mailadres, ook zonder account.",
    origin: rootOrigin(matches),
    path: "/bestelling",
    noindex: true,
  });
}

type Errors = { orderNumber?: string; email?: string; form?: string };

/**
 * The order the signed cookie opens, or the lookup form. A signed link (?code=, from the mail or the
 * success page) sets the cookie and comes back here without the code in the address bar.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secret = context.config.authSecret ?? "";
  const code = new URL(request.url).searchParams.get("code");
  if (code !== null) {
    const orderId = verifyGuestOrderToken(secret, code);
    if (!orderId) return data({ order: null, linkInvalid: true }, { status: 404 });
    return redirect("/bestelling", {
      headers: { "Set-Cookie": guestOrderCookie(context.config.publicUrl, code, 60 * 60 * 24) },
    });
  }
  const orderId = guestOrderIdOf(request, secret);
  const order = orderId ? await getCustomerOrder(context.db, orderId) : null;
  return data({ order, linkInvalid: false }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Look the order up by its number and the e-mail address it was placed with. */
async function lookUp({ form, context }: { form: FormData; context: AppLoadContext }) {
  const rawNumber = String(form.get("orderNumber") ?? "");
  const email = String(form.get("email") ?? "").trim();
  const values = { orderNumber: rawNumber, email };
  const errors: Errors = {};
  const orderNumber = parseOrderNumber(rawNumber);
  if (hasInvalidCharacters(rawNumber)) errors.orderNumber = INVALID_CHARACTERS_MESSAGE;
  else if (!orderNumber) errors.orderNumber = GUEST_ORDER_TEXT.invalidNumber;
  if (hasInvalidCharacters(email)) errors.email = INVALID_CHARACTERS_MESSAGE;
  else if (!EMAIL.test(email) || email.length > 254) errors.email = GUEST_ORDER_TEXT.invalidEmail;
  if (errors.orderNumber || errors.email || !orderNumber) return data({ values, errors }, { status: 400 });

  const found = await lookUpGuestOrder(context.db, { orderNumber, email }, { clientIp: context.clientIp });
  if (!found.ok) {
    const rateLimited = found.reason === "rate-limited";
    return data(
      { values, errors: { form: rateLimited ? GUEST_ORDER_TEXT.rateLimited : GUEST_ORDER_TEXT.notFound } as Errors },
      { status: rateLimited ? 429 : 404 },
    );
  }
  const token = guestOrderToken(context.config.authSecret ?? "", found.orderId);
  return redirect("/bestelling", {
    headers: { "Set-Cookie": guestOrderCookie(context.config.publicUrl, token, 60 * 60 * 24) },
  });
}

export const action = intentAction()({
  intents: (intent) => ({
    forget: intent({
      run: (_input, { context }) =>
        redirect("/bestelling", { headers: { "Set-Cookie": guestOrderCookie(context.config.publicUrl, "", 0) } }),
    }),
  }),
  // The look-up form posts no intent.
  unknown: lookUp,
});

export default function GuestOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, linkInvalid } = loaderData;
  const busy = useNavigation().state === "submitting";
  if (order) {
    return (
      <StaticPage
        title="Je bestelling"
        intro="De status van je bestelling, wat erin zit en waar we hem bezorgen. Vragen? Neem contact op met onze klantenservice."
      >
        <div className="not-prose space-y-4">
          <OrderDisclosure order={order} open />
          <div className="flex flex-wrap gap-3 text-sm">
            <Link to="/contact" className="font-medium text-brand-700 underline">
              Vraag over je bestelling
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="forget" />
              <button type="submit" className="font-medium text-brand-700 underline">
                Een andere bestelling bekijken
              </button>
            </Form>
          </div>
        </div>
      </StaticPage>
    );
  }
  const errors: Errors = actionData?.errors ?? {};
  return (
    <StaticPage
      title="Je bestelling bekijken"
      intro="Bestelde je zonder account? Vul je bestelnummer en e-mailadres in, zoals in je bevestigingsmail."
    >
      {linkInvalid ? (
        <p role="alert" className="not-prose mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
          Deze link werkt niet (meer). Vul hieronder je bestelnummer en e-mailadres in.
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="not-prose mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="not-prose max-w-md space-y-4" noValidate>
        <div>
          <Label htmlFor="bestelling-nummer">Bestelnummer</Label>
          <Input
            id="bestelling-nummer"
            name="orderNumber"
            autoComplete="off"
            placeholder="bijvoorbeeld 1a2b3c4d"
            defaultValue={actionData?.values.orderNumber}
            aria-invalid={errors.orderNumber ? true : undefined}
            aria-describedby={errors.orderNumber ? "bestelling-nummer-fout" : undefined}
            required
          />
          {errors.orderNumber ? (
            <p id="bestelling-nummer-fout" className="mt-1 text-sm text-danger">
              {errors.orderNumber}
            </p>
          ) : null}
        </div>
        <div>
          <Label htmlFor="bestelling-email">E-mailadres</Label>
          <Input
            id="bestelling-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "bestelling-email-fout" : undefined}
            required
          />
          {errors.email ? (
            <p id="bestelling-email-fout" className="mt-1 text-sm text-danger">
              {errors.email}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Bezig met zoeken…" : "Bestelling bekijken"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-muted">
        Heb je een account? <Link to="/orders">Bekijk al je bestellingen</Link>.
      </p>
    </StaticPage>
  );
}
