import { ArrowRight, History, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

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

export type ChangeLogEntryView = {
  id: number;
  entityType: string;
  entityTypeLabel: string;
  entityId: string;
  entityName: string | null;
  /** Where the item itself is managed, when it has a page. */
  entityLink: { href: string; label: string } | null;
  action: string;
  actorEmail: string;
  actorName: string | null;
  at: { iso: string; text: string };
  changes: { field: string; before: string | null; after: string | null }[];
};

export type ChangeLogView = {
  entries: ChangeLogEntryView[];
  entityType: string | null;
  entityId: string | null;
  types: readonly { id: string; label: string }[];
  olderHref: string | null;
  newerHref: string | null;
  newestHref: string | null;
};

export function ChangeLogPanel({ log, loadError }: { log: ChangeLogView | null; loadError: string | null }) {
  const item =
    log?.entityType && log.entityId
      ? `${typeLabel(log)} ${log.entries.find((entry) => entry.entityName)?.entityName ?? log.entityId}`
      : null;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold break-words">
          {item ? `Change history: ${item}` : "Change log"}
        </h2>
        <p className="text-sm text-muted">Newest first · times in Amsterdam time</p>
      </div>
      {log ? <ChangeLogFilter log={log} /> : null}
      {loadError ? (
        <p role="alert" className="font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {log ? (
        log.entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line p-6 text-center text-muted">
            {log.entityType || log.entityId ? "No changes recorded for this filter." : "No changes recorded yet."}
          </p>
        ) : (
          <>
            <ol aria-label="Changes" className="space-y-3">
              {log.entries.map((entry) => (
                <li key={entry.id}>
                  <ChangeEntry entry={entry} />
                </li>
              ))}
            </ol>
            <ChangeLogPaging log={log} />
          </>
        )
      ) : null}
    </section>
  );
}

function typeLabel(log: ChangeLogView) {
  return log.types.find((t) => t.id === log.entityType)?.label ?? log.entityType ?? "";
}

function ChangeLogFilter({ log }: { log: ChangeLogView }) {
  const select =
    "h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm sm:w-auto focus-visible:outline-2";
  const knownType = !log.entityType || log.types.some((t) => t.id === log.entityType);
  return (
    <Form
      method="get"
      action="/admin/changes"
      role="search"
      aria-label="Filter changes"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="changes-type" className="text-sm font-medium">
          Item type
        </label>
        <select id="changes-type" name="type" defaultValue={log.entityType ?? ""} className={select}>
          <option value="">All types</option>
          {log.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
            </option>
          ))}
          {knownType ? null : <option value={log.entityType!}>{log.entityType}</option>}
        </select>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:min-w-64">
        <label htmlFor="changes-id" className="text-sm font-medium">
          Item id
        </label>
        <Input
          id="changes-id"
          name="id"
          type="search"
          defaultValue={log.entityId ?? ""}
          maxLength={200}
          placeholder="e.g. an order id or a user id"
          autoComplete="off"
          aria-describedby="changes-id-hint"
        />
        <p id="changes-id-hint" className="text-xs text-muted">
          Filters on the exact id, together with an item type.
        </p>
      </div>
      <div className="flex items-center gap-3 sm:mt-7">
        <Button type="submit">
          <Search aria-hidden />
          Show changes
        </Button>
        {log.entityType || log.entityId ? (
          <Link to="/admin/changes" className="text-sm font-medium text-brand-700 underline">
            Show all changes
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function ChangeEntry({ entry }: { entry: ChangeLogEntryView }) {
  const headingId = `change-${entry.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {`${entry.entityTypeLabel} ${entry.entityName ?? entry.entityId}`}
            <span className="font-normal text-muted">{` · ${entry.action}`}</span>
          </h3>
          {entry.entityName ? <p className="font-mono text-xs break-all text-muted">{`id ${entry.entityId}`}</p> : null}
        </div>
        <p className="shrink-0 text-sm text-muted">
          <time dateTime={entry.at.iso}>{entry.at.text}</time>
        </p>
      </div>
      <p className="mt-1 text-sm break-words">
        <span className="text-muted">By </span>
        {entry.actorName ? (
          <>
            <span className="font-medium">{entry.actorName}</span>
            <span className="text-muted">{` (${entry.actorEmail})`}</span>
          </>
        ) : (
          <span className="font-medium">{entry.actorEmail}</span>
        )}
      </p>
      {entry.changes.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No field changed value.</p>
      ) : (
        <dl aria-label="Changed fields" className="mt-3 max-w-4xl divide-y divide-line border-t border-line text-sm">
          {entry.changes.map((change) => (
            <div key={change.field} className="grid gap-1 py-2 sm:grid-cols-[minmax(8rem,14rem)_1fr] sm:gap-4">
              <dt className="font-medium break-words">{change.field}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="sr-only">from </span>
                <FieldValue value={change.before} className="bg-surface text-ink" />
                <ArrowRight aria-hidden className="size-4 shrink-0 text-muted" />
                <span className="sr-only"> to </span>
                <FieldValue value={change.after} className="bg-brand-50 font-medium text-brand-800" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.entityLink ? (
        <div className="mt-3 flex flex-wrap gap-x-4">
          <Link
            to={entry.entityLink.href}
            className="inline-flex min-h-9 items-center text-sm font-medium text-brand-700 underline"
          >
            {entry.entityLink.label}
            <span className="sr-only">{` ${entry.entityName ?? entry.entityId}`}</span>
          </Link>
          <ChangeHistoryLink
            entityType={entry.entityType}
            entityId={entry.entityId}
            label={`${entry.entityTypeLabel} ${entry.entityName ?? entry.entityId}`}
          />
        </div>
      ) : (
        <ChangeHistoryLink
          className="mt-3"
          entityType={entry.entityType}
          entityId={entry.entityId}
          label={`${entry.entityTypeLabel} ${entry.entityName ?? entry.entityId}`}
        />
      )}
    </article>
  );
}

function FieldValue({ value, className }: { value: string | null; className: string }) {
  if (value === null) return <span className="text-muted">(none)</span>;
  return (
    <span
      className={cn(
        "min-w-0 rounded px-1.5 py-0.5 font-mono text-[0.8125rem] whitespace-pre-wrap [overflow-wrap:anywhere]",
        className,
      )}
    >
      {value}
    </span>
  );
}

function ChangeLogPaging({ log }: { log: ChangeLogView }) {
  if (!log.olderHref && !log.newerHref) return null;
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  return (
    <nav aria-label="Change log pages" className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex gap-2">
        {log.newestHref && log.newerHref ? (
          <Link to={log.newestHref} className={link}>
            Newest
          </Link>
        ) : null}
        {log.newerHref ? (
          <Link to={log.newerHref} className={link}>
            Newer changes
          </Link>
        ) : null}
      </div>
      {log.olderHref ? (
        <Link to={log.olderHref} className={link}>
          Older changes
        </Link>
      ) : null}
    </nav>
  );
}
