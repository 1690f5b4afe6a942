import { History } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/shared/ui/cn";

/** The change log's address: everything, one kind of item, or one item. */
export function changeLogPath(entityType?: string, entityId?: string): string {
  const params = new URLSearchParams();
  if (entityType) params.set("type", entityType);
  if (entityType && entityId) params.set("id", entityId);
  const query = params.toString();
  return query ? `/admin/changes?${query}` : "/admin/changes";
}

/**
 * A small link to one item's change history, to put next to the item in any admin tab:
 * `<ChangeHistoryLink entityType="product" entityId="123" />`. `label` names the item for screen
 * readers (several such links on one page must say whose history they open).
 */
export function ChangeHistoryLink({
  entityType,
  entityId,
  label,
  compact = false,
  className,
}: {
  entityType: string;
  entityId?: string;
  label?: string;
  /** Only the icon (a 36 px square with a tooltip), for a row of buttons; screen readers hear the whole name. */
  compact?: boolean;
  className?: string;
}) {
  const name = label ? `Change history of ${label}` : "Change history";
  return (
    <Link
      to={changeLogPath(entityType, entityId)}
      // The admin's own words are English; the link may sit in a Dutch panel (the carousel).
      lang="en"
      title={compact ? name : undefined}
      className={cn(
        compact
          ? "inline-flex size-9 items-center justify-center rounded-md border border-line bg-white text-brand-700 hover:bg-surface"
          : "inline-flex min-h-9 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 underline-offset-2 hover:underline",
        className,
      )}
    >
      <History aria-hidden className="size-4 shrink-0" />
      {compact ? <span className="sr-only">{name}</span> : "Change history"}
      {!compact && label ? <span className="sr-only">{` of ${label}`}</span> : null}
    </Link>
  );
}

// The change log itself: app/features/admin-changes/ (ADR 0037).
