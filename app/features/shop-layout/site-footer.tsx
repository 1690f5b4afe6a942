import { Clock, Mail } from "~/shared/ui/icons";
import { Link } from "react-router";
import { Logo } from "~/shared/ui/logo";

type FooterLink = { to: string; label: string };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: "Winkel",
    links: [
      { to: "/", label: "Home" },
      { to: "/products", label: "Alle producten" },
      // Repeated from the header so phones without JavaScript can still reach the categories.
      { to: "/sportvoeding", label: "Sportvoeding" },
      { to: "/onderhoud", label: "Onderhoud" },
      { to: "/fietsonderdelen", label: "Fietsonderdelen" },
    ],
  },
  {
    title: "Over ons",
    links: [
      { to: "/about", label: "Over Trapkracht" },
      { to: "/blog", label: "Blog" },
      // The spec's athletes page does not exist; their stories are on the blog.
      { to: "/blog", label: "Atleten" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Service",
    links: [
      { to: "/terms#verzending", label: "Verzendbeleid" },
      { to: "/terms#herroeping", label: "Retourbeleid" },
      { to: "/bestelling", label: "Bestelling bekijken of herroepen" },
      { to: "/privacy", label: "Privacybeleid" },
      { to: "/terms", label: "Algemene voorwaarden" },
    ],
  },
];

export function SiteFooter({ shopEmail }: { shopEmail: string }) {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo inverted />
          <p className="flex items-start gap-2 text-sm">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            Voor 18:00 besteld, binnen 1 werkdag bezorgd
          </p>
          <address className="text-sm not-italic">
            <span className="block font-semibold">Klantenservice</span>
            <a
              href={`mailto:${shopEmail}`}
              className="mt-1 inline-flex items-center gap-2 underline-offset-4 hover:underline"
            >
              <Mail aria-hidden className="size-4" />
              {shopEmail}
            </a>
          </address>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{col.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {col.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-brand-100 underline-offset-4 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-brand-100">
          © {new Date().getFullYear()} Trapkracht. Alle prijzen zijn inclusief btw.
        </p>
      </div>
    </footer>
  );
}
