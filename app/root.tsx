import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { lazy, Suspense } from "react";
import type { Route } from "./+types/root";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useNonce } from "~/lib/nonce";
import { loadToaster } from "~/lib/toast";
import "./app.css";

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.config.publicUrl };
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

export default function App() {
  return <Outlet />;
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
