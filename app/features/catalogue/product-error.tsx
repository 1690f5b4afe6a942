import { Link } from "react-router";

/** The product page's error: invalid id (400), unknown or unlisted product (404), or a failed lookup. */
export function ProductErrorContent({ status }: { status: number | null }) {
  let title = "Fout bij laden product";
  let message = "Kon productgegevens niet laden.";
  if (status === 400) {
    title = "Ongeldig product ID";
    message = "Dit is geen geldig artikelnummer.";
  } else if (status === 404) {
    title = "Product Niet Gevonden";
    message = "Dit product bestaat niet of is niet meer leverbaar.";
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <Link
        to="/products"
        className="mt-8 inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
      >
        Bekijk alle producten
      </Link>
    </section>
  );
}
