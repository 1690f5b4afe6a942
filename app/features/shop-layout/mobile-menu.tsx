import { Menu } from "~/shared/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { useLocation } from "react-router";
import { headerIconButtonClass } from "./header-icon-button";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(loadSheet);

/** Below 768 px the nav bar gives way to this slide-up sheet with the links and the search (spec 1 §2.2). */
export function MobileMenu({ inverted }: { inverted: boolean }) {
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The sheet belongs to the page it was opened on, so every navigation (a link, a search, a
  // suggestion) changes location.key and so closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const open = openOn === location.key;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Start fetching the panel's code as soon as the shopper reaches for the button.
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpenOn(location.key);
        }}
        className={headerIconButtonClass(inverted, "md:hidden")}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={(next) => setOpenOn(next ? location.key : null)}
            onClosed={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
