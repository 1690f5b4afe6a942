import type { Route } from "./+types/admin.changes";
import { adminMoment } from "~/components/admin/admin-format";
import { ChangeLogPanel, type ChangeLogView } from "~/components/admin/change-log";
import { errorText } from "~/components/admin/error-text";
import {
  CHANGE_ENTITY_TYPES,
  parseChangeLogQuery,
  readChangeLog,
  type ChangeLogQuery,
} from "~/domain/admin/change-log.server";
import { requireAdmin } from "~/domain/auth/viewer.server";

export function meta() {
  return [{ title: "Change Log | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** Where an item of the log is managed, when it has a page of its own. */
function entityLink(type: string, id: string): { href: string; label: string } | null {
  if (type === "order") return { href: `/admin/orders/${encodeURIComponent(id)}`, label: "Open order" };
  if (type === "user") return { href: "/admin/users", label: "Open Users" };
  if (type === "coupon") return { href: `/admin/coupons?coupon=${encodeURIComponent(id)}`, label: "Open coupon" };
  if (type === "slide") return { href: `/admin/homepage?slide=${encodeURIComponent(id)}`, label: "Open slide" };
  if (type === "image-migration") return { href: "/admin/image-migration", label: "Open Image Migration Tool" };
  if (type === "setting") {
    return id === "supplier-api-url"
      ? { href: "/admin/api", label: "Open API Connection" }
      : { href: "/admin/settings", label: "Open Site Settings" };
  }
  return null;
}

function pageHref(query: ChangeLogQuery, cursor: { before?: number; after?: number }): string {
  const params = new URLSearchParams();
  if (query.entityType) params.set("type", query.entityType);
  if (query.entityId) params.set("id", query.entityId);
  if (cursor.before) params.set("before", String(cursor.before));
  if (cursor.after) params.set("after", String(cursor.after));
  const search = params.toString();
  return search ? `/admin/changes?${search}` : "/admin/changes";
}

/**
 * The change log (issue 9): every admin change, newest first, or one item's history
 * (?type=product&id=123), 50 a page on a keyset cursor (?before=/?after= a row id). Read-only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseChangeLogQuery(new URL(request.url).searchParams);
  try {
    const page = await readChangeLog(context.db, query);
    const log: ChangeLogView = {
      entityType: query.entityType,
      entityId: query.entityId,
      types: CHANGE_ENTITY_TYPES,
      entries: page.entries.map((entry) => ({
        id: entry.id,
        entityType: entry.entityType,
        entityTypeLabel: entry.entityTypeLabel,
        entityId: entry.entityId,
        entityName: entry.entityName,
        entityLink: entityLink(entry.entityType, entry.entityId),
        action: entry.action,
        actorEmail: entry.actorEmail,
        actorName: entry.actorName,
        at: adminMoment(entry.createdAt, { seconds: true }),
        changes: entry.changes,
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
