import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { UserRound } from "~/shared/ui/icons";
import type { PublicViewer } from "~/shared/page/root-data";
import { accountLinks } from "./account-links";
import { headerIconButtonClass } from "./header-icon-button";

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-ink hover:bg-brand-50 focus-visible:bg-brand-50";

/**
 * Signed in: the icon opens a menu through the browser's own popover (no JavaScript needed, so it
 * also works before hydration and without JS). The browser closes it on Esc and on a click outside,
 * returns focus to the button and reports the button as expanded; we only close it after a followed
 * link and when focus leaves it. The panel sits fixed under the header's first row, right-aligned
 * with the header content.
 */
export default function SignedInMenu({
  viewer,
  inverted,
  buttonRef,
}: {
  viewer: PublicViewer;
  inverted: boolean;
  buttonRef: RefObject<HTMLElement | null>;
}) {
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Browsers report a popover button's state themselves; once React runs we also say it in the DOM
  // (aria-expanded), for tools that only read attributes. Server HTML leaves it to the browser.
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = () => {
    const panel = panelRef.current;
    if (panel?.matches(":popover-open")) panel.hidePopover();
  };
  // Close after a navigation, but not when this code first runs: the browser may already have opened
  // the menu (a native popover) before the page hydrated, and that click must not be undone.
  const { key } = useLocation();
  const shownFor = useRef(key);
  useEffect(() => {
    if (shownFor.current === key) return;
    shownFor.current = key;
    close();
  }, [key]);
  const shownName = viewer.needsEmail ? viewer.name || "Strava-gebruiker" : viewer.name || viewer.email;
  return (
    <>
      <button
        ref={(node) => {
          buttonRef.current = node;
        }}
        type="button"
        aria-label="Account"
        popoverTarget={panelId}
        aria-expanded={hydrated ? open : undefined}
        className={headerIconButtonClass(inverted, "relative")}
      >
        <UserRound aria-hidden className="size-5" />
        {/* A dot on the icon: signed in. */}
        <span aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-accent-600 ring-2 ring-white" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        onToggle={(e) => setOpen(e.newState === "open")}
        onBlur={(e) => {
          const to = e.relatedTarget;
          if (to instanceof Node && !e.currentTarget.contains(to) && to !== buttonRef.current) close();
        }}
        className="fixed top-16 right-[max(1rem,calc(50vw-39rem))] bottom-auto left-auto m-0 w-64 rounded-lg border border-line bg-white p-1.5 text-ink shadow-lg md:top-20"
      >
        <p className="border-b border-line px-3 pt-1.5 pb-2.5 text-xs text-muted">
          Ingelogd als
          <span className="block truncate text-sm font-medium text-ink">{shownName}</span>
        </p>
        <ul className="mt-1">
          {accountLinks(viewer).map((link) => (
            <li key={link.href}>
              <Link to={link.href} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-line pt-1">
            {/* A real form POST (the page reloads): works without JavaScript and clears all page state. */}
            <form method="post" action="/logout">
              <button type="submit" className={itemClass}>
                Uitloggen
              </button>
            </form>
          </li>
        </ul>
      </div>
    </>
  );
}
