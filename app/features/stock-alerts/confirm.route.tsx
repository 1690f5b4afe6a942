import { BellRing, CheckCircle2, TriangleAlert } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm.route";
import { StaticPage } from "~/features/content";
import { Button } from "~/shared/ui/button";
import { cancelStockAlerts, confirmStockAlert, findStockAlert } from "./stock-alerts.server";
import { intentAction } from "~/shared/actions/intent-action.server";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({
    title: "Voorraadmelding",
    description: "Je melding voor een product dat weer leverbaar wordt.",
    origin: rootOrigin(matches),
    path: `/voorraadmelding/${params.token}`,
    noindex: true,
  });
}

type Outcome = { outcome: "confirmed" | "cancelled" | "unknown"; inStock?: boolean };

/** GET only shows what the link does (mail scanners open links by themselves); the buttons POST. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const alert = await findStockAlert(context.db, params.token);
  const cancel = new URL(request.url).searchParams.has("afmelden");
  return data({ alert, cancel }, { status: alert ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export const action = intentAction<{ token: string }>()({
  intents: (intent) => ({
    cancel: intent({
      run: async (_input, { context, params }) => {
        const known = await cancelStockAlerts(context.db, params.token);
        return data<Outcome>({ outcome: known ? "cancelled" : "unknown" }, { status: known ? 200 : 404 });
      },
    }),
    confirm: intent({
      run: async (_input, { context, params }) => {
        const alert = await confirmStockAlert(context.db, params.token);
        if (!alert) return data<Outcome>({ outcome: "unknown" }, { status: 404 });
        return data<Outcome>({ outcome: "confirmed", inStock: alert.inStock });
      },
    }),
  }),
  unknown: () => data<Outcome>({ outcome: "unknown" }, { status: 400 }),
});

export default function StockAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { alert, cancel } = loaderData;
  const busy = useNavigation().state === "submitting";

  if (!alert || actionData?.outcome === "unknown") {
    return (
      <StaticPage title="Voorraadmelding">
        <Notice tone="warning" title="Deze link werkt niet (meer)">
          De melding bestaat niet of is al afgemeld. Vraag op de productpagina een nieuwe melding aan.
        </Notice>
      </StaticPage>
    );
  }
  if (actionData?.outcome === "cancelled") {
    return (
      <StaticPage title="Voorraadmelding">
        <Notice tone="success" title="Je bent afgemeld">
          We sturen je geen voorraadmeldingen meer. Je kunt op elke productpagina een nieuwe aanvragen.
        </Notice>
      </StaticPage>
    );
  }
  const confirmed = actionData?.outcome === "confirmed" || alert.confirmed;
  const productLink = (
    <Link to={`/product/${alert.artNo}`} className="font-medium text-brand-700 underline">
      {alert.productName}
    </Link>
  );
  return (
    <StaticPage title="Voorraadmelding">
      {cancel ? (
        <>
          <p>Wil je geen voorraadmeldingen meer van ons ontvangen, ook niet voor andere producten?</p>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" disabled={busy}>
              {busy ? "Bezig met afmelden…" : "Afmelden"}
            </Button>
          </Form>
        </>
      ) : confirmed ? (
        <Notice tone="success" title="Je melding is bevestigd">
          {alert.inStock || actionData?.inStock ? (
            <>Goed nieuws: {productLink} is al weer op voorraad. We sturen je de melding nu.</>
          ) : (
            <>We mailen je één keer zodra {productLink} weer leverbaar is.</>
          )}
        </Notice>
      ) : (
        <>
          <p className="flex items-start gap-2">
            <BellRing aria-hidden className="mt-1 size-5 shrink-0 text-brand-700" />
            <span>Bevestig dat we je één keer mogen mailen zodra {productLink} weer leverbaar is.</span>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <Button type="submit" disabled={busy}>
              {busy ? "Bezig met bevestigen…" : "Melding bevestigen"}
            </Button>
          </Form>
        </>
      )}
    </StaticPage>
  );
}

function Notice({ tone, title, children }: { tone: "success" | "warning"; title: string; children: React.ReactNode }) {
  const Icon = tone === "success" ? CheckCircle2 : TriangleAlert;
  return (
    <div
      role="status"
      className={
        tone === "success"
          ? "not-prose flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
          : "not-prose flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
      }
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="m-0 font-semibold">{title}</p>
        <p className="m-0 text-sm">{children}</p>
      </div>
    </div>
  );
}
