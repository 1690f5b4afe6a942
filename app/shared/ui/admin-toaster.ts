import type { ToasterProps } from "sonner";

/**
 * Where the admin's toasts go (issue 28, ADR 0032): over the site header's left end, the one place
 * of an admin page where no action sits. Bottom right (the shop's place, spec 2 §9) covered the
 * control needed next: "Tag toevoegen" and the dialogs' sticky save buttons at the bottom, the
 * slides' edit and delete buttons on the right, and the phone's save bar.
 *
 * - 1280 px: 16 px from the left and 12 px from the top, over the logo and the start of the search
 *   box; the sticky header is at least 100 px high, so a toast (about 55 px, 75 px with a line of
 *   description) never reaches the page under it. An open dialog is centred: there it covers the
 *   left of the dialog's title, never its close button (top right).
 * - 390 px: across the top, but 64 px short of the right edge, where a bottom sheet's close button
 *   and the header's menu button sit; the header there is over 100 px high as well.
 */
export const ADMIN_TOASTER: Pick<ToasterProps, "position" | "offset" | "mobileOffset" | "className"> = {
  position: "top-left",
  offset: { top: 12, left: 16 },
  mobileOffset: { top: 8, left: 8 },
  className: "admin-toaster",
};
