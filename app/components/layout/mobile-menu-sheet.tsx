import { NavLink } from "react-router";
import { SearchBox } from "~/components/search/search-box";
import { Sheet, SheetContent } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
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
            <li>
              <NavLink to="/login" className="block px-1 py-3 text-base font-medium text-ink">
                Inloggen
              </NavLink>
            </li>
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
