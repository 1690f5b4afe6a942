import type { ReactNode } from "react";

/**
 * The toast calls the shop uses, without shipping sonner (~9 KB gzip) with every page: the library
 * is fetched on the first toast (or when root mounts the lazy Toaster after hydration). Calls made
 * before it has loaded wait in a queue; sonner itself replays toasts created before its Toaster
 * subscribed, so nothing is lost while either of them is still loading.
 */
export type ToastOptions = {
  description?: ReactNode;
  id?: string | number;
  /** A button in the toast ("Undo"), and how long the toast stays (ms) so there is time to press it. */
  action?: { label: string; onClick: () => void };
  duration?: number;
};

type Sonner = typeof import("sonner");
type SonnerToast = Sonner["toast"];

let sonner: SonnerToast | null = null;
let loading: Promise<Sonner> | null = null;
const queue: Array<(t: SonnerToast) => void> = [];

/** Loads sonner once; the toast calls and the lazy Toaster share it, and so share one toast store. */
function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module.toast;
    for (const call of queue.splice(0)) call(module.toast);
    return module;
  });
  return loading;
}

/** For `React.lazy` in app/root.tsx. */
export function loadToaster(): Promise<{ default: Sonner["Toaster"] }> {
  return loadSonner().then((module) => ({ default: module.Toaster }));
}

function run(call: (t: SonnerToast) => void) {
  if (sonner) return call(sonner);
  queue.push(call);
  // A failed chunk load (offline) must not surface as an unhandled rejection; the toast is just lost.
  loadSonner().catch(() => {
    loading = null;
    queue.length = 0;
  });
}

function show(title: ReactNode, options?: ToastOptions) {
  run((t) => t(title, options));
}

export const toast = Object.assign(show, {
  success(title: ReactNode, options?: ToastOptions) {
    run((t) => t.success(title, options));
  },
  error(title: ReactNode, options?: ToastOptions) {
    run((t) => t.error(title, options));
  },
  info(title: ReactNode, options?: ToastOptions) {
    run((t) => t.info(title, options));
  },
});
