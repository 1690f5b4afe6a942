import { UserRound } from "~/shared/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { serverRenderedLazy } from "~/shared/hydration/server-rendered-lazy";
import { useRootData } from "~/shared/page/root-data";
import { headerIconButtonClass } from "./header-icon-button";

const loadDialog = () => import("~/features/accounts/lazy");
const LoginDialog = lazy(loadDialog);
// Only signed-in visitors need the menu's code; guests (and the JavaScript budget, ADR 0006) don't.
const SignedInMenu = serverRenderedLazy(() => import("./signed-in-menu"));

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
        <Suspense
          fallback={
            <span className={headerIconButtonClass(inverted)}>
              <UserRound aria-hidden className="size-5" />
            </span>
          }
        >
          <SignedInMenu viewer={viewer} inverted={inverted} buttonRef={triggerRef} />
        </Suspense>
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
