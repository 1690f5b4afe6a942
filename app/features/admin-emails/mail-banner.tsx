import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";

/** The banner's words, made on the server (mail-banner-view.ts). */
export type MailBannerView = { message: string; detail: string; href: string; linkLabel: string };

/**
 * Shown on every admin page (the /admin layout) while mail is not being delivered: no SMTP server
 * configured with mails waiting, or deliveries failing (ADR 0036). Links to the E-mails tab.
 */
export function MailDeliveryBanner({ banner }: { banner: MailBannerView | null }) {
  if (!banner) return null;
  return (
    <div
      role="status"
      aria-label="E-mail delivery"
      className="mt-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:p-4"
    >
      <div className="flex min-w-0 gap-2.5">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <p className="font-semibold">{banner.message}</p>
          <p className="mt-0.5 break-words">{banner.detail}</p>
        </div>
      </div>
      <Link
        to={banner.href}
        className="shrink-0 self-start rounded-md font-medium text-amber-950 underline underline-offset-2 sm:ml-0 sm:self-center"
      >
        {banner.linkLabel}
      </Link>
    </div>
  );
}
