import { Link } from "react-router";
import { ArrowLeft, Lock, Mail } from "~/shared/ui/icons";
import { Logo } from "~/shared/ui/logo";

/**
 * The checkout's own header: nothing that leads away from paying but the way back to the cart, and
 * the help a hesitating shopper looks for (issue 13: shops keep the checkout free of distractions).
 */
export function CheckoutHeader({ shopEmail }: { shopEmail: string }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 md:h-20">
        <Link to="/" aria-label="Trapkracht, naar de homepage" className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <p className="ml-auto flex items-center gap-1.5 text-sm font-medium text-brand-800">
          <Lock aria-hidden className="size-4" />
          Veilig betalen
        </p>
      </div>
      <nav aria-label="Afrekenen" className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
          <Link to="/cart" className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
            <ArrowLeft aria-hidden className="size-4" />
            Terug naar winkelwagen
          </Link>
          <a href={`mailto:${shopEmail}`} className="inline-flex items-center gap-1.5 text-ink hover:underline">
            <Mail aria-hidden className="size-4" />
            Hulp nodig? {shopEmail}
          </a>
        </div>
      </nav>
    </header>
  );
}

/** The checkout's footer: the legal links a shopper may want before paying, nothing more. */
export function CheckoutFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted sm:px-6">
        <span>© {new Date().getFullYear()} Trapkracht. Alle prijzen zijn inclusief btw.</span>
        <Link to="/terms" className="underline-offset-4 hover:underline">
          Algemene voorwaarden
        </Link>
        <Link to="/terms#herroeping" className="underline-offset-4 hover:underline">
          Retourbeleid
        </Link>
        <Link to="/privacy" className="underline-offset-4 hover:underline">
          Privacybeleid
        </Link>
      </div>
    </footer>
  );
}
