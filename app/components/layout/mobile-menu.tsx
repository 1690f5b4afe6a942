import { Menu } from "lucide-react";
import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { SearchBox } from "~/components/search/search-box";
import { Sheet, SheetContent, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { NAV_LINKS } from "./nav-links";

/** Below 768 px the nav bar gives way to this slide-up sheet with the links and the search (spec 1 §2.2). */
export function MobileMenu({ inverted }: { inverted: boolean }) {
  const location = useLocation();
  // The sheet belongs to the page it was opened on: any navigation (a link, a search, a
  // suggestion) changes location.key and so closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <Sheet open={openOn === location.key} onOpenChange={(open) => setOpenOn(open ? location.key : null)}>
      <SheetTrigger
        aria-label="Menu"
        className={cn(
          "grid size-10 place-items-center rounded-full transition-colors md:hidden",
          inverted ? "text-white hover:bg-white/15" : "text-ink hover:bg-brand-50",
        )}
      >
        <Menu aria-hidden className="size-6" />
      </SheetTrigger>
      <SheetContent side="bottom" title="Menu" className="pb-8">
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
