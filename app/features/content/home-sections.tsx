import { Link } from "react-router";
import { ArrowRight, Clock, RotateCcw, Truck, Zap } from "lucide-react";
import type { ReactNode } from "react";

/** The main category tile: sports nutrition (spec 1 §2.1: a main category tile linking to /sportvoeding). */
export function SportvoedingTile() {
  return (
    <Link
      to="/sportvoeding"
      className="group relative isolate flex flex-col justify-between gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 p-6 text-white shadow-sm transition hover:shadow-lg sm:flex-row sm:items-center sm:p-10"
    >
      <div
        aria-hidden
        className="absolute -top-16 -right-16 -z-10 size-64 rounded-full bg-accent-500/25 blur-2xl transition group-hover:bg-accent-500/35"
      />
      <div className="max-w-xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          <Zap aria-hidden className="size-3.5" />
          Hoofdcategorie
        </p>
        <h2 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Sportvoeding</h2>
        <p className="mt-2 text-white/90">
          Energiegels, repen, sportdranken en herstelshakes: brandstof voor elke rit, van de eerste kilometer tot de
          laatste klim.
        </p>
      </div>
      <span className="inline-flex h-11 w-fit shrink-0 items-center gap-2 rounded-md bg-white px-5 font-semibold text-brand-800 transition group-hover:bg-brand-50">
        Bekijk sportvoeding
        <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}

const INFO_CARDS: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Gratis verzending vanaf €50",
    text: "Onder de €50 betaal je een vaste verzendprijs; daarboven verzenden we gratis.",
    icon: <Truck aria-hidden className="size-6" />,
  },
  {
    title: "Voor 18:00 besteld, binnen 1 werkdag bezorgd",
    text: "Op werkdagen voor 18:00 besteld? Dan bezorgt de pakketdienst de volgende werkdag.",
    icon: <Clock aria-hidden className="size-6" />,
  },
  {
    title: "14 dagen bedenktijd",
    text: "Niet tevreden? Je hebt 14 dagen om je aankoop zonder opgaaf van reden te retourneren.",
    icon: <RotateCcw aria-hidden className="size-6" />,
  },
];

/** The three promises of the shop, each linking to the assortment (spec 1 §2.1). */
export function InfoCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {INFO_CARDS.map((card) => (
        <li key={card.title} className="flex">
          <Link
            to="/products"
            className="group flex w-full gap-4 rounded-xl border border-line bg-white p-5 transition hover:border-brand-600 hover:shadow-sm"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              {card.icon}
            </span>
            <span>
              <span className="block font-semibold text-ink group-hover:text-brand-700">{card.title}</span>
              <span className="mt-1 block text-sm text-muted">{card.text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A home-page section with a heading and an optional "see all" link. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
            {more.label} <span aria-hidden>→</span>
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
