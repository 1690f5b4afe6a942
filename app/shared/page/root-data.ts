import { useRouteLoaderData } from "react-router";
import type { Flash } from "~/shared/actions/flash.server";

/**
 * The root loader's data, read by components all over the shop. Its shape lives here rather than in
 * root.tsx, so components that read it (the login dialog inside the maintenance screen, which root
 * renders) need not import the root route.
 */

/** What the browser may know about the signed-in person (never tokens or ids of sessions). */
export type PublicViewer = { email: string; name: string; isAdmin: boolean; needsEmail: boolean };

export type RootData = {
  /** The shop's public URL (`PUBLIC_URL`), for absolute canonical links. */
  origin: string;
  viewer: PublicViewer | null;
  /** Maintenance mode blocks this visitor: only the maintenance screen is shown. */
  maintenance: boolean;
  /** Maintenance mode is on, but this visitor is an admin and sees the shop with a reminder. */
  maintenanceReminder: boolean;
  flash: (Flash & { id: string }) | null;
  /** The Strava buttons say so when STRAVA_CLIENT_ID/SECRET are not configured. */
  stravaEnabled: boolean;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

type MetaMatch = { id: string; data?: unknown } | undefined;

/** The shop's public origin from the root loader, for canonical URLs in `meta` functions. */
export function rootOrigin(matches: readonly MetaMatch[]): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as Partial<RootData> | undefined;
  return root?.origin;
}
