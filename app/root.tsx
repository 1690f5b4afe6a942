import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { lazy, Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useNonce } from "~/lib/nonce";
import { loadToaster, toast } from "~/lib/toast";
import { MaintenanceScreen } from "~/components/maintenance/maintenance-screen";
import { getViewer } from "~/domain/auth/viewer.server";
import { isMaintenanceMode } from "~/domain/settings/site-settings.server";
import { clearFlashCookie, readFlash, type Flash } from "~/lib/flash.server";
import "./app.css";

/** What the browser may know about the signed-in person (never tokens or ids of sessions). */
export type PublicViewer = { email: string; name: string; isAdmin: boolean; needsEmail: boolean };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, maintenanceOn] = await Promise.all([
    getViewer(request, context),
    isMaintenanceMode(context.db).catch((error: unknown) => {
      context.logger.error({ err: error }, "maintenance mode lookup failed");
      return false;
    }),
  ]);
  const flash: (Flash & { id: string }) | null = (() => {
    const f = readFlash(request);
    return f ? { ...f, id: crypto.randomUUID() } : null;
  })();
  // Maintenance mode: everyone but an admin gets only the maintenance screen, with 503 for crawlers.
  const maintenance = maintenanceOn && !viewer?.isAdmin;
  const publicViewer: PublicViewer | null = viewer
    ? { email: viewer.email, name: viewer.name, isAdmin: viewer.isAdmin, needsEmail: viewer.needsEmail }
    : null;
  return data(
    {
      origin: context.config.publicUrl,
      viewer: publicViewer,
      maintenance,
      flash,
      /** The Strava buttons say so when STRAVA_CLIENT_ID/SECRET are not configured. */
      stravaEnabled: context.config.strava !== null,
    },
    {
      status: maintenance ? 503 : 200,
      headers: flash ? { "Set-Cookie": clearFlashCookie } : undefined,
    },
  );
}

/** Session, maintenance mode and flash messages must be fresh after every navigation. */
export function shouldRevalidate() {
  return true;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

// sonner is not on the critical path: its chunk loads once the page has hydrated (see ~/lib/toast).
const Toaster = lazy(loadToaster);

function LazyToaster() {
  // Rendered only after hydration, so the server HTML and the first client render agree.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      {/* Toast settings of spec 2 §9: bottom right, 4 s, at most 3, 14 px gap, Alt+T. */}
      <Toaster
        position="bottom-right"
        duration={4000}
        visibleToasts={3}
        gap={14}
        hotkey={["altKey", "KeyT"]}
        richColors
      />
    </Suspense>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Shows a flash message (set by a redirecting action or loader) once, as a toast. */
function FlashToast({ flash }: { flash: (Flash & { id: string }) | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.kind === "error" ? toast.error : flash.kind === "info" ? toast.info : toast.success;
    show(flash.title, { description: flash.description, id: flash.id });
  }, [flash]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FlashToast flash={loaderData.flash} />
      {loaderData.maintenance ? <MaintenanceScreen /> : <Outlet />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Er is een fout opgetreden";
  let message = "Er ging iets mis aan onze kant. Probeer het later opnieuw.";
  if (isRouteErrorResponse(error) && error.status === 404) {
    title = "Pagina niet gevonden";
    message = "De pagina die je zoekt bestaat niet (meer).";
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white">
        Naar de homepage
      </a>
    </main>
  );
}
