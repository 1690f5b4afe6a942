import type { Route } from "./+types/changes.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { errorText } from "~/shared/errors/error-text";
import { requireAdmin } from "~/features/accounts/index.server";
import { ChangeLogPanel, type ChangeLogView } from "./change-log-panel";
import { listChangeActors, parseChangeLogQuery, readChangeLog, type ChangeLogQuery } from "./change-log.server";
import { CHANGE_ENTITY_TYPES } from "./labels";

export function meta() {
  return [{ title: "Change Log | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** Where an item of the log is managed, when it has a page of its own. */
function entityLink(type: string, id: string): { href: string; label: string } | null {
  if ((type === "product" || type === "product-tag") && /^\d{1,10}$/.test(id)) {
    return { href: `/admin/products?edit=${id}`, label: "Open product" };
  }
  if (type === "order") return { href: `/admin/orders/${encodeURIComponent(id)}`, label: "Open order" };
  if (type === "mail") return { href: `/admin/emails/${encodeURIComponent(id)}`, label: "Open e-mail" };
  if (type === "user") return { href: "/admin/users", label: "Open Users" };
  if (type === "coupon") return { href: `/admin/coupons?coupon=${encodeURIComponent(id)}`, label: "Open coupon" };
  if (type === "slide") return { href: `/admin/homepage?slide=${encodeURIComponent(id)}`, label: "Open slide" };
  if (type === "image-migration") return { href: "/admin/image-migration", label: "Open Image Migration Tool" };
  if (type === "supplier_feed_run" && /^\d{1,10}$/.test(id)) {
    return { href: `/admin/feeds/runs/${id}`, label: "Open feed report" };
  }
  if (type === "supplier_feed_schedule") return { href: "/admin/feeds", label: "Open Supplier Feeds" };
  if (type === "setting") {
    if (id === "supplier-api-url") return { href: "/admin/api", label: "Open API Connection" };
    if (id === "sftp-connection") return { href: "/admin/sftp", label: "Open SFTP" };
    if (id === "ftp-connection") return { href: "/admin/ftp", label: "Open FTP" };
    return { href: "/admin/settings", label: "Open Site Settings" };
  }
  return null;
}

function pageHref(query: ChangeLogQuery, cursor: { before?: number; after?: number }): string {
  const params = new URLSearchParams();
  if (query.entityType) params.set("type", query.entityType);
  if (query.entityId) params.set("id", query.entityId);
  if (query.actorEmail) params.set("by", query.actorEmail);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (cursor.before) params.set("before", String(cursor.before));
  if (cursor.after) params.set("after", String(cursor.after));
  const search = params.toString();
  return search ? `/admin/changes?${search}` : "/admin/changes";
}

/**
 * The change log (issues 9 and 29): every admin change in the owner's words, newest first, filtered by
 * kind (?type=), one item (&id=), the admin who made it (?by=e-mail) and Amsterdam days (?from=&to=),
 * 50 a page on a keyset cursor (?before=/?after= a row id). Read-only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseChangeLogQuery(new URL(request.url).searchParams);
  try {
    const [page, actors] = await Promise.all([readChangeLog(context.db, query), listChangeActors(context.db)]);
    const log: ChangeLogView = {
      filters: { type: query.entityType, id: query.entityId, by: query.actorEmail, from: query.from, to: query.to },
      types: CHANGE_ENTITY_TYPES,
      actors,
      entries: page.entries.map((entry) => ({
        id: entry.id,
        entityType: entry.entityType,
        entityTypeLabel: entry.entityTypeLabel,
        entityId: entry.entityId,
        item: entry.item,
        summary: entry.summary,
        lines: entry.lines,
        linesFolded: entry.linesFolded,
        bulk: entry.bulk,
        // A deleted item has no page to open any more; its history still links.
        entityLink: entry.bulk || entry.action === "delete" ? null : entityLink(entry.entityType, entry.entityId),
        actorEmail: entry.actorEmail,
        actorName: entry.actorName,
        at: adminMoment(entry.createdAt, { seconds: true }),
      })),
      olderHref: page.olderCursor ? pageHref(query, { before: page.olderCursor }) : null,
      newerHref: page.newerCursor ? pageHref(query, { after: page.newerCursor }) : null,
      newestHref: pageHref(query, {}),
    };
    return { log, loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin change log failed");
    return { log: null, loadError: `Failed to load the change log: ${errorText(error)}` };
  }
}

export default function AdminChanges({ loaderData }: Route.ComponentProps) {
  return <ChangeLogPanel log={loaderData.log} loadError={loaderData.loadError} />;
}
