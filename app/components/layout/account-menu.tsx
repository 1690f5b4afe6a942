import { UserRound, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * Logged-out account entry (spec 1 §2.2): the icon opens the login dialog. Accounts are not built
 * yet, so the dialog is a placeholder that points to /login. The icon is a link to /login, so
 * without JavaScript it still leads somewhere.
 */
export function AccountMenu({ inverted }: { inverted: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <a
        href="/login"
        aria-label="Account"
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
        className={cn(
          "grid size-10 place-items-center rounded-full transition-colors",
          inverted ? "text-white hover:bg-white/15" : "text-ink hover:bg-brand-50",
        )}
      >
        <UserRound aria-hidden className="size-5" />
      </a>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">Inloggen</Dialog.Title>
            <Dialog.Close aria-label="Sluiten" className="rounded-md p-1.5 hover:bg-surface">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-3 text-sm text-muted">
            Inloggen en een account aanmaken komen binnenkort. Je kunt nu al gewoon bestellen als gast.
          </Dialog.Description>
          <nav aria-label="Account" className="mt-6 flex flex-col gap-2">
            <Link
              to="/login"
              onClick={() => setOpen(false)}
              className="inline-flex h-10 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              Inloggen
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
