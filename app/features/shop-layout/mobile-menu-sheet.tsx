import { NavLink } from "react-router";
import { SearchBox } from "~/features/search/header";
import { Sheet, SheetContent } from "~/shared/ui/sheet";
import { cn } from "~/shared/ui/cn";
import { useRootData } from "~/shared/page/root-data";
import { accountLinks } from "./account-links";
import { NAV_LINKS } from "./nav-links";

/** The slide-up panel itself; loaded on first use so phones don't download the dialog code up front. */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to (the menu button), since the trigger lives outside this module. */
  onClosed: () => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="bottom"
        title="Menu"
        className="pb-8"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        <SearchBox />
        <nav aria-label="Mobiel menu">
          <ul className="divide-y divide-line">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  className={({ isActive }) =>
                    cn("block px-1 py-3 text-base font-medium", isActive ? "text-brand-700" : "text-ink")
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountEntries />
      </SheetContent>
    </Sheet>
  );
}

const entryClass = "block w-full px-1 py-3 text-left text-base font-medium text-ink";

/** The account menu's entries (spec 1 §2.2) for phones: "Inloggen", or the signed-in links and "Uitloggen". */
function AccountEntries() {
  const viewer = useRootData()?.viewer ?? null;
  return (
    <nav aria-label="Account">
      <ul className="divide-y divide-line border-t border-line">
        {viewer ? (
          <>
            {accountLinks(viewer).map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} className={entryClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <form method="post" action="/logout">
                <button type="submit" className={entryClass}>
                  Uitloggen
                </button>
              </form>
            </li>
          </>
        ) : (
          <li>
            <NavLink to="/login" className={entryClass}>
              Inloggen
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
