import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";

/**
 * Placeholder for the login dialog of spec 1 §2.3 until accounts exist: it says so and points to
 * /login. Loaded on first use, like the mobile menu, to keep Radix Dialog out of the first download.
 */
export default function LoginDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
        >
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
              onClick={() => onOpenChange(false)}
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
