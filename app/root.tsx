import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { lazy, Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import { ADMIN_TOASTER } from "~/shared/ui/admin-toaster";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { useNonce } from "~/shared/security/nonce";
import { serverRenderedLazy } from "~/shared/hydration/server-rendered-lazy";
import { keepInputTypedBeforeHydration } from "~/shared/hydration/keep-typed-input";
import { loadToaster, toast } from "~/shared/actions/toast";
import { getViewer } from "~/features/accounts/index.server";
import { clearFlashCookie, readFlash, type Flash } from "~/shared/actions/flash.server";
import { useRootData, type PublicViewer, type RootData } from "~/shared/page/root-data";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const flash: (Flash & { id: string }) | null = (() => {
    const f = readFlash(request);
    return f ? { ...f, id: crypto.randomUUID() } : null;
  })();
  // Maintenance mode (read per request by server/maintenance-gate.ts): everyone but an admin gets only
  // the maintenance screen, with 503 for crawlers; admins see the shop with a reminder.
  const maintenance = context.maintenance.blocked;
  const maintenanceReminder = context.maintenance.on && !maintenance;
  const publicViewer: PublicViewer | null = viewer
    ? { email: viewer.email, name: viewer.name, isAdmin: viewer.isAdmin, needsEmail: viewer.needsEmail }
    : null;
  // Typed as RootData: components read it through useRootData (~/shared/page/root-data).
  return data<RootData>(
    {
      origin: context.config.publicUrl,
      viewer: publicViewer,
      maintenance,
      maintenanceReminder,
      flash,
      stravaEnabled: context.config.strava !== null,
    },
    {
      status: maintenance ? 503 : 200,
      headers: flash ? { "Set-Cookie": clearFlashCookie(context.config) } : undefined,
    },
  );
}

/** Session, maintenance mode and flash messages must be fresh after every navigation. */
export function shouldRevalidate() {
  return true;
}

// Shown only while maintenance mode is on: not worth a place in every page's JavaScript.
const MaintenanceScreen = serverRenderedLazy<Record<string, never>>(() =>
  import("~/features/content/lazy").then((m) => ({ default: m.MaintenanceScreen })),
);

// sonner is not on the critical path: its chunk loads once the page has hydrated (see ~/shared/actions/toast).
const Toaster = lazy(loadToaster);

function LazyToaster() {
  const { pathname } = useLocation();
  const viewerIsAdmin = useRootData()?.viewer?.isAdmin === true;
  // An admin changing tags on a product page gets the admin placement too: bottom right sits on the
  // tag form when it is low on the screen (ADR 0037).
  const inAdmin = /^\/admin(\/|$)/.test(pathname) || (viewerIsAdmin && /^\/product\//.test(pathname));
  // Rendered only after hydration, so the server HTML and the first client render agree.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      {/* Toast settings of spec 2 §9: bottom right, 4 s, at most 3, 14 px gap, Alt+T; in the admin at
          the top left, clear of its controls (ADR 0032). */}
      <Toaster
        {...(inAdmin ? ADMIN_TOASTER : { position: "bottom-right" })}
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

// Error pages are rare: their content is not part of the first load (ADR 0006). It is fetched once
// the page is idle, because an error during a later navigation is often the network failing, and
// then the content could no longer be fetched when it is needed.
const loadErrorContent = () => import("~/shared/ui/error-content");

function usePrefetchErrorContent() {
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2_000));
    whenIdle(() => void loadErrorContent().catch(() => undefined));
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePrefetchErrorContent();
  // The root's effects run after the rest of the first page's effects, and before any later render
  // could empty a field. (A part whose code loads lazily, like the account menu, has no text fields.)
  useEffect(() => keepInputTypedBeforeHydration(), []);
  return (
    <>
      <FlashToast flash={loaderData.flash} />
      {loaderData.maintenance ? (
        <Suspense fallback={null}>
          <MaintenanceScreen />
        </Suspense>
      ) : (
        <>
          {loaderData.maintenanceReminder ? (
            <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
              Onderhoudsmodus staat aan: alleen beheerders zien de winkel.{" "}
              <a href="/admin/settings" className="underline">
                Uitschakelen
              </a>
            </p>
          ) : null}
          <Outlet />
        </>
      )}
    </>
  );
}

const RootErrorContent = serverRenderedLazy<{ notFound: boolean }>(() =>
  loadErrorContent().then((m) => ({ default: m.RootErrorContent })),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <RootErrorContent notFound={isRouteErrorResponse(error) && error.status === 404} />
    </Suspense>
  );
}
