import { data, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/admin.route";
import { AdminError } from "./admin-error";
import { AdminShell } from "./admin-shell";
import { adminFrameOfPath } from "./admin-tabs";
import { requireAdmin } from "~/features/accounts/index.server";
import { MailDeliveryBanner } from "~/features/admin-emails";
import { getMailDeliveryHealth, mailBannerView } from "~/features/admin-emails/index.server";
import { readForm } from "~/shared/actions/form.server";

/**
 * The /admin layout: the guard, the shell and the tab bar. Each tab is a child route with its own
 * loader and actions (admin.users.tsx, admin.orders.tsx, …), so this file knows no tab's business.
 */
export function meta() {
  return [{ title: "Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // The mail banner (ADR 0036): one small read on partial indexes; a failure here never costs the page.
  try {
    const health = await getMailDeliveryHealth(context.db, { smtpConfigured: Boolean(context.config.smtpUrl) });
    return { mailBanner: mailBannerView(health) };
  } catch (error) {
    context.logger.error({ err: error }, "mail delivery health check failed");
    return { mailBanner: null };
  }
}

/**
 * Forms post to their tab's own URL; a post to the layout itself (an old page's form) is refused
 * after the guard, and a body that is not a form at all gets the usual 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  await readForm(request);
  throw data("This form is out of date: reload the page and try again.", { status: 405 });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const frame = adminFrameOfPath(pathname);
  return (
    <AdminShell
      activeTab={frame.tab}
      title={frame.title}
      isChangeLog={/^\/admin\/changes\/?$/.test(pathname)}
      banner={<MailDeliveryBanner banner={loaderData?.mailBanner ?? null} />}
    >
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
