import { lazy, type ComponentType } from "react";

const serverPreloads: Promise<unknown>[] = [];

/**
 * A component whose code the browser fetches only when it is rendered, yet which the server renders in
 * full, in place (a plain `React.lazy` would make the server stream a fallback and patch the content
 * in with an inline script, so without JavaScript it never appears). The server imports the module up
 * front (entry.server awaits `serverRenderedLazyReady()`); in the browser React keeps the server's HTML
 * until the chunk has arrived and then hydrates it. Render it inside a `<Suspense>`.
 */
export function serverRenderedLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  if (import.meta.env.SSR) {
    serverPreloads.push(
      load().then((module) => {
        loaded = module.default;
      }),
    );
  }
  function ServerRenderedLazy(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return ServerRenderedLazy;
}

/** Resolves once every server-rendered lazy component's module has loaded (immediately after the first time). */
export function serverRenderedLazyReady(): Promise<unknown> {
  return Promise.all(serverPreloads);
}
