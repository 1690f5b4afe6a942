import { Link } from "react-router";

/**
 * What the root and shop error boundaries show. Few visits ever see them, so their code loads only
 * when one is shown (`serverRenderedLazy` in app/root.tsx and app/features/shop-layout/shop.route.tsx, ADR 0006).
 */
export function RootErrorContent({ notFound }: { notFound: boolean }) {
  const title = notFound ? "Pagina niet gevonden" : "Er is een fout opgetreden";
  const message = notFound
    ? "De pagina die je zoekt bestaat niet (meer)."
    : "Er ging iets mis aan onze kant. Probeer het later opnieuw.";
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white">
        Naar de homepage
      </a>
    </main>
  );
}

export function ShopErrorContent({ notFound }: { notFound: boolean }) {
  const title = notFound ? "Pagina niet gevonden" : "Er is een fout opgetreden";
  const message = notFound
    ? "De pagina die je zoekt bestaat niet (meer). Misschien vind je het via de homepage of ons assortiment."
    : "Er ging iets mis aan onze kant. Probeer het later opnieuw.";
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-accent-700">{notFound ? "404" : "Fout"}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          Naar de homepage
        </Link>
        <Link
          to="/products"
          className="inline-flex h-10 items-center rounded-md border border-line px-4 text-sm font-medium hover:bg-surface"
        >
          Bekijk alle producten
        </Link>
      </div>
    </section>
  );
}
