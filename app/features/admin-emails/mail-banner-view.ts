import { adminMoment } from "~/shared/admin-ui/admin-format";
import type { MailBannerView } from "./mail-banner";

/** What mail-delivery health the banner is drawn from (emails.server.ts getMailDeliveryHealth). */
type Health =
  | { problem: "not-configured"; waiting: number }
  | { problem: "failing"; failing: number; lastError: string | null; lastErrorAt: Date };

const CAP = 1000;

function mails(n: number): string {
  if (n >= CAP) return `${CAP.toLocaleString("en-GB")} or more e-mails`;
  return n === 1 ? "1 e-mail" : `${n} e-mails`;
}

/** The banner's words for a delivery problem (ADR 0036); null draws no banner. */
export function mailBannerView(health: Health | null): MailBannerView | null {
  if (!health) return null;
  if (health.problem === "not-configured") {
    const verb = health.waiting === 1 ? "is" : "are";
    return {
      message: `E-mail is not being sent: no SMTP server is configured. ${mails(health.waiting)} ${verb} waiting.`,
      detail: "Set SMTP_URL and restart the shop; the waiting e-mails are then sent.",
      href: "/admin/emails?status=pending",
      linkLabel: "Show waiting e-mails",
    };
  }
  const at = adminMoment(health.lastErrorAt).text;
  return {
    message: `E-mail is not being delivered: ${mails(health.failing)} failed and none has been delivered since.`,
    detail: `Last error (${at}): ${health.lastError ?? "unknown"}`,
    href: "/admin/emails",
    linkLabel: "Open E-mails",
  };
}
