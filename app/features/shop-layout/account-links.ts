import type { PublicViewer } from "~/shared/page/root-data";

export type AccountLink = { href: string; label: string };

/** The signed-in entries of the account menu and the mobile menu (spec 1 §2.2), besides "Uitloggen". */
export function accountLinks(viewer: Pick<PublicViewer, "isAdmin" | "needsEmail">): AccountLink[] {
  return [
    // A Strava user still without a confirmed address is asked for one first.
    ...(viewer.needsEmail ? [{ href: "/auth/email", label: "E-mailadres invullen" }] : []),
    { href: "/profile", label: "Account" },
    ...(viewer.isAdmin ? [{ href: "/admin", label: "Admin Dashboard" }] : []),
    { href: "/orders", label: "Bestellingen" },
  ];
}
