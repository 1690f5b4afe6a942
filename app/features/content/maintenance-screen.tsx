import { lazy, Suspense, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Logo } from "~/shared/ui/logo";
import { Button } from "~/shared/ui/button";

// Rendered by the root on every page while maintenance mode is on, so it stays small: the login
// dialog (Radix, zod) loads only when someone asks for it.
const loadDialog = () => import("~/features/accounts/lazy");
const LoginDialog = lazy(loadDialog);

/**
 * What everyone but an admin sees while maintenance mode is on (spec 1 §2.14, §4), served with 503
 * by the root loader. "Inloggen als beheerder" opens the login dialog; once an admin has signed in,
 * the next load shows the shop. Before JavaScript runs (or without it) the button is a small sign-in
 * form that posts to /login, which the maintenance gate leaves open.
 */
export function MaintenanceScreen() {
  const hydrated = useHydrated();
  const shop = useRouteLoaderData("routes/_shop") as { shopEmail?: string } | undefined;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <main className="w-full max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-line sm:p-10">
        <Logo className="justify-center" />
        <h1 className="mt-8 text-3xl font-bold">We zijn zo terug</h1>
        <p className="mt-4 text-muted">De webwinkel krijgt een onderhoudsbeurt. Probeer het over een poosje opnieuw.</p>
        {shop?.shopEmail ? (
          <p className="mt-4 text-sm text-muted">
            Een vraag over je bestelling? Mail ons op{" "}
            <a href={`mailto:${shop.shopEmail}`} className="font-medium break-words text-brand-700 underline">
              {shop.shopEmail}
            </a>
            .
          </p>
        ) : null}
        <div className="mt-8 border-t border-line pt-6">
          {hydrated ? (
            <Button
              ref={buttonRef}
              type="button"
              variant="outline"
              aria-haspopup="dialog"
              onPointerEnter={() => void loadDialog()}
              onFocus={() => void loadDialog()}
              onClick={() => {
                setUsed(true);
                setOpen(true);
              }}
            >
              Inloggen als beheerder
            </Button>
          ) : (
            <NoScriptSignIn />
          )}
        </div>
      </main>
      {used ? (
        <Suspense fallback={null}>
          <LoginDialog adminOnly open={open} onOpenChange={setOpen} onClosed={() => buttonRef.current?.focus()} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The sign-in without JavaScript: a plain form for the /login action (the gate lets it through). */
function NoScriptSignIn() {
  const field = "mt-1 block h-10 w-full rounded-md border border-line px-3";
  return (
    <details className="text-left">
      <summary className="mx-auto w-fit cursor-pointer rounded-md border border-line px-4 py-2 text-sm font-medium">
        Inloggen als beheerder
      </summary>
      <form method="post" action="/login" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value="/" />
        <label className="block text-sm font-medium">
          E-mailadres
          <input name="email" type="email" autoComplete="username" required className={field} />
        </label>
        <label className="block text-sm font-medium">
          Wachtwoord
          <input name="password" type="password" autoComplete="current-password" required className={field} />
        </label>
        <Button type="submit" className="w-full">
          Inloggen
        </Button>
      </form>
    </details>
  );
}
