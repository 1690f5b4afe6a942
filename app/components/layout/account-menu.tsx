import { UserRound } from "~/components/ui/icons";
import { lazy, Suspense, useEffect, useId, useRef, useState, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useRootData, type PublicViewer } from "~/root";
import { accountLinks } from "./account-links";
import { headerIconButtonClass } from "./header-icon-button";

const loadDialog = () => import("~/components/auth/login-dialog");
const LoginDialog = lazy(loadDialog);

/**
 * The header's account entry (spec 1 §2.2). Logged out: an icon that opens the login dialog (loaded
 * on first use) and, without JavaScript, simply links to /login. Logged in: a small disclosure menu
 * with Account, Admin Dashboard (admins), Bestellingen and Uitloggen. Plain elements, no Radix: this
 * code is on every page.
 */
export function AccountMenu({ inverted }: { inverted: boolean }) {
  const viewer = useRootData()?.viewer ?? null;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // The icon link while logged out, the menu button once signed in: the dialog returns focus to
  // whichever is there when it closes (after a sign-in, the new menu button).
  const triggerRef = useRef<HTMLElement | null>(null);
  return (
    <>
      {viewer ? (
        <SignedInMenu viewer={viewer} inverted={inverted} buttonRef={triggerRef} />
      ) : (
        <a
          ref={(node) => {
            triggerRef.current = node;
          }}
          href="/login"
          aria-label="Account"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={(e) => {
            e.preventDefault();
            setUsed(true);
            setOpen(true);
          }}
          className={headerIconButtonClass(inverted)}
        >
          <UserRound aria-hidden className="size-5" />
        </a>
      )}
      {used ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} onClosed={() => triggerRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-ink hover:bg-brand-50 focus-visible:bg-brand-50";

function SignedInMenu({
  viewer,
  inverted,
  buttonRef,
}: {
  viewer: PublicViewer;
  inverted: boolean;
  buttonRef: RefObject<HTMLElement | null>;
}) {
  const hydrated = useHydrated();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // The menu belongs to the page it was opened on: a followed link (a new location.key) closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : null);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !(target instanceof Node && containerRef.current?.contains(target));
    const onPointerDown = (e: PointerEvent) => outside(e.target) && setOpenOn(null);
    // Tabbing past the last entry closes it too, so it never hangs open behind the focus.
    const onFocusIn = (e: FocusEvent) => outside(e.target) && setOpenOn(null);
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, buttonRef]);

  const icon = (
    <>
      <UserRound aria-hidden className="size-5" />
      {/* A dot on the icon: signed in. */}
      <span aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-accent-600 ring-2 ring-white" />
    </>
  );

  // Before JavaScript runs (or without it) a <details> gives the same menu, with a working logout form.
  if (!hydrated) {
    return (
      <details className="relative">
        <summary aria-label="Account" className={headerIconButtonClass(inverted, "relative cursor-pointer list-none")}>
          {icon}
        </summary>
        <MenuPanel viewer={viewer} />
      </details>
    );
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={(node) => {
          buttonRef.current = node;
        }}
        type="button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={headerIconButtonClass(inverted, "relative")}
      >
        {icon}
      </button>
      <MenuPanel viewer={viewer} id={panelId} hidden={!open} />
    </div>
  );
}

function MenuPanel({ viewer, id, hidden }: { viewer: PublicViewer; id?: string; hidden?: boolean }) {
  const shownName = viewer.needsEmail ? viewer.name || "Strava-gebruiker" : viewer.name || viewer.email;
  return (
    <div
      id={id}
      hidden={hidden}
      className="absolute top-full right-0 z-50 mt-2 w-64 rounded-lg border border-line bg-white p-1.5 text-ink shadow-lg"
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
  );
}
