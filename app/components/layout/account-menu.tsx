import { UserRound } from "~/components/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { headerIconButtonClass } from "./header-icon-button";

const loadDialog = () => import("./login-dialog");
const LoginDialog = lazy(loadDialog);

/**
 * Logged-out account entry (spec 1 §2.2): the icon opens the login dialog. Accounts are not built
 * yet, so the dialog is a placeholder that points to /login. The icon is a link to /login, so
 * without JavaScript it still leads somewhere.
 */
export function AccountMenu({ inverted }: { inverted: boolean }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={linkRef}
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
      {used ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} onClosed={() => linkRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
