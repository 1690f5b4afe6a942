import { ChevronDown } from "~/shared/ui/icons";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/shared/ui/cn";
import { NAV_LINKS, type NavCategories } from "./nav-links";

/** Navigation menu delays of spec 2 §9. */
const OPEN_DELAY_MS = 200;
const SKIP_DELAY_MS = 300;
const CLOSE_DELAY_MS = 150;

/**
 * Desktop category navigation as a disclosure menu (a hand-written stand-in for Radix
 * NavigationMenu, which cost ~9 KB gzip on every page). Each top entry is a real link, so the page
 * works without JavaScript; entries with subcategories add a small toggle button for keyboard and
 * touch users. With a mouse a panel opens after 200 ms of hover; once a panel has been open,
 * moving to another entry opens it at once until 300 ms after the last one closed; a panel closes
 * 150 ms after the pointer leaves its entry. Escape closes it and returns focus to the toggle; a click
 * outside, tabbing away or following one of its links closes it too.
 */
export function MainNav({
  categories,
  inverted,
  className,
}: {
  categories: NavCategories;
  inverted: boolean;
  className?: string;
}) {
  const location = useLocation();
  const idPrefix = useId();
  // The panel belongs to the page it was opened on: a click on any of its links closes it.
  const [openOn, setOpenOn] = useState<{ href: string; key: string } | null>(null);
  const openHref = openOn?.key === location.key ? openOn.href : null;
  const timers = useRef<{ open?: number; close?: number; skip?: number }>({});
  // True while a panel is open and for SKIP_DELAY_MS after it closed: hover opens without delay.
  const skipDelay = useRef(false);
  const navRef = useRef<HTMLElement>(null);

  function clearHoverTimers() {
    window.clearTimeout(timers.current.open);
    window.clearTimeout(timers.current.close);
  }
  function show(href: string) {
    clearHoverTimers();
    window.clearTimeout(timers.current.skip);
    skipDelay.current = true;
    setOpenOn({ href, key: location.key });
  }
  function hide() {
    clearHoverTimers();
    window.clearTimeout(timers.current.skip);
    timers.current.skip = window.setTimeout(() => (skipDelay.current = false), SKIP_DELAY_MS);
    setOpenOn(null);
  }

  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== "Escape" || openHref === null) return;
    const entry = navRef.current?.querySelector<HTMLElement>("[data-open]");
    const hadFocus = entry?.contains(document.activeElement) ?? false;
    hide();
    if (hadFocus) entry?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
  });
  const onDocumentPointerDown = useEffectEvent((event: PointerEvent) => {
    const entry = navRef.current?.querySelector("[data-open]");
    if (entry && event.target instanceof Node && !entry.contains(event.target)) hide();
  });
  const isOpen = openHref !== null;
  useEffect(() => {
    if (!isOpen) return;
    document.addEventListener("keydown", onDocumentKeyDown);
    document.addEventListener("pointerdown", onDocumentPointerDown);
    return () => {
      document.removeEventListener("keydown", onDocumentKeyDown);
      document.removeEventListener("pointerdown", onDocumentPointerDown);
    };
  }, [isOpen]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      window.clearTimeout(pending.open);
      window.clearTimeout(pending.close);
      window.clearTimeout(pending.skip);
    };
  }, []);

  const itemClass = (active: boolean) =>
    cn(
      "inline-flex h-9 items-center rounded-md text-sm font-medium transition-colors",
      inverted ? "text-white hover:bg-white/15" : "hover:bg-brand-50",
      inverted ? active && "bg-white/15" : active ? "text-brand-700" : "text-ink",
    );

  return (
    <nav ref={navRef} aria-label="Hoofdmenu" className={className}>
      <ul className="flex items-center gap-1">
        {NAV_LINKS.map((link) => {
          const children = "categoryId" in link ? (categories[link.categoryId] ?? []) : [];
          if (children.length === 0) {
            return (
              <li key={link.href}>
                <NavLink to={link.href} className={({ isActive }) => cn(itemClass(isActive), "px-3")} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            );
          }
          const open = openHref === link.href;
          const active = location.pathname === link.href || location.pathname.startsWith(`${link.href}/`);
          const panelId = `${idPrefix}-${link.href.slice(1)}`;
          return (
            <li
              key={link.href}
              data-open={open ? "" : undefined}
              className="relative"
              onPointerEnter={(event) => {
                if (event.pointerType !== "mouse") return;
                window.clearTimeout(timers.current.close);
                if (open) return;
                window.clearTimeout(timers.current.open);
                if (skipDelay.current) show(link.href);
                else timers.current.open = window.setTimeout(() => show(link.href), OPEN_DELAY_MS);
              }}
              onPointerLeave={(event) => {
                if (event.pointerType !== "mouse") return;
                window.clearTimeout(timers.current.open);
                if (open) timers.current.close = window.setTimeout(hide, CLOSE_DELAY_MS);
              }}
              onBlur={(event) => {
                // Tabbing out of the entry closes its panel; a click elsewhere is handled above.
                const next = event.relatedTarget;
                if (open && next instanceof Node && !event.currentTarget.contains(next)) hide();
              }}
            >
              {/* One pill, as before: the link and its toggle share the hover and open background. */}
              <div className={cn(itemClass(active), open && (inverted ? "bg-white/15" : "bg-brand-50"))}>
                <NavLink
                  to={link.href}
                  prefetch="intent"
                  onClick={() => setOpenOn(null)}
                  className="rounded-md py-2 pr-0.5 pl-3"
                >
                  {link.label}
                </NavLink>
                <button
                  type="button"
                  aria-expanded={open}
                  // The panel only exists while open (closed menus add no markup, as with Radix), and
                  // aria-controls must name an element that exists.
                  aria-controls={open ? panelId : undefined}
                  aria-label={`Submenu ${link.label}`}
                  onClick={() => (open ? hide() : show(link.href))}
                  className="grid h-9 place-items-center rounded-md pr-3 pl-0.5"
                >
                  <ChevronDown aria-hidden className={cn("size-3.5 transition-transform", open && "rotate-180")} />
                </button>
              </div>
              {open ? (
                <div id={panelId} className="absolute top-full left-0 z-50 pt-2">
                  <div className="w-[32rem] rounded-lg border border-line bg-white p-4 text-ink shadow-xl">
                    <ul className="grid grid-cols-2 gap-1">
                      {children.map((c) => (
                        <li key={c.id}>
                          <Link
                            to={`/products?cat=${c.id}`}
                            onClick={() => setOpenOn(null)}
                            className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50"
                          >
                            {c.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                    <NavLink
                      to={link.href}
                      onClick={() => setOpenOn(null)}
                      className="mt-3 block border-t border-line px-3 pt-3 text-sm font-semibold text-brand-700 hover:underline"
                    >
                      Alles in {link.label}
                    </NavLink>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
