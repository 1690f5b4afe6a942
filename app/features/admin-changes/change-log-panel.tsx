import { ArrowRight, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { ChangeHistoryLink } from "./history-link";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { cn } from "~/shared/ui/cn";
import type { AdminMoment } from "~/shared/dates/admin-dates";
import type { BulkProductLine, ChangeLine } from "./wording";

export type ChangeLogEntryView = {
  id: number;
  entityType: string;
  entityTypeLabel: string;
  entityId: string;
  /** What the item is called, after its kind: "Kettingolie 100 ml (ArtNo 1234)", "ZOMER10", "1a2b3c4d". */
  item: string;
  /** What was done, in one sentence. */
  summary: string;
  lines: ChangeLine[];
  linesFolded: boolean;
  bulk: { products: BulkProductLine[]; skipped: { name: string; reason: string }[] } | null;
  /** Where the item itself is managed, when it has a page. */
  entityLink: { href: string; label: string } | null;
  actorEmail: string;
  actorName: string | null;
  at: AdminMoment;
};

export type ChangeLogFilters = {
  type: string | null;
  id: string | null;
  by: string | null;
  from: string | null;
  to: string | null;
};

export type ChangeLogView = {
  entries: ChangeLogEntryView[];
  filters: ChangeLogFilters;
  types: readonly { id: string; label: string }[];
  /** Everyone who made a change (their e-mail as recorded), for "Changed by". */
  actors: string[];
  olderHref: string | null;
  newerHref: string | null;
  newestHref: string | null;
};

const isFiltered = (f: ChangeLogFilters) => Boolean(f.type || f.id || f.by || f.from || f.to);

export function ChangeLogPanel({ log, loadError }: { log: ChangeLogView | null; loadError: string | null }) {
  const one = log?.filters.type && log.filters.id ? log : null;
  const item = one ? (one.entries[0]?.item ?? one.filters.id) : null;
  const typeName = one ? (one.types.find((t) => t.id === one.filters.type)?.label ?? one.filters.type) : null;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold break-words">
          {item ? `Change history: ${typeName} ${item}` : "Change log"}
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
            {isFiltered(log.filters) ? "No changes recorded for this filter." : "No changes recorded yet."}
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

const fieldClass = "flex min-w-0 flex-col gap-1.5";
const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-line bg-white px-3 text-base md:text-sm focus-visible:outline-2";

function ChangeLogFilter({ log }: { log: ChangeLogView }) {
  const { filters } = log;
  const knownType = !filters.type || log.types.some((t) => t.id === filters.type);
  const knownActor = !filters.by || log.actors.includes(filters.by);
  return (
    <Form
      method="get"
      action="/admin/changes"
      role="search"
      aria-label="Filter changes"
      className="grid gap-3 rounded-lg border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className={fieldClass}>
        <label htmlFor="changes-type" className="text-sm font-medium">
          Kind
        </label>
        <select id="changes-type" name="type" defaultValue={filters.type ?? ""} className={selectClass}>
          <option value="">All kinds</option>
          {log.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
            </option>
          ))}
          {knownType ? null : <option value={filters.type!}>{filters.type}</option>}
        </select>
      </div>
      <div className={fieldClass}>
        <label htmlFor="changes-by" className="text-sm font-medium">
          Changed by
        </label>
        <select id="changes-by" name="by" defaultValue={filters.by ?? ""} className={selectClass}>
          <option value="">Everyone</option>
          {log.actors.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
          {knownActor ? null : <option value={filters.by!}>{filters.by}</option>}
        </select>
      </div>
      <div className={fieldClass}>
        <label htmlFor="changes-from" className="text-sm font-medium">
          From
        </label>
        <Input id="changes-from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className={fieldClass}>
        <label htmlFor="changes-to" className="text-sm font-medium">
          To
        </label>
        <Input id="changes-to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      {/* One item's history (the tabs' "Change history" links) keeps its item while other filters change. */}
      {filters.id ? <input type="hidden" name="id" value={filters.id} /> : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1">
        <Button type="submit">
          <Search aria-hidden />
          Show changes
        </Button>
        {isFiltered(filters) ? (
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
  const name = `${entry.entityTypeLabel} ${entry.item}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">{entry.entityTypeLabel}</p>
          <h3 id={headingId} className="font-semibold break-words">
            {entry.item}
          </h3>
          <p className="mt-0.5 break-words">{entry.summary}</p>
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
      {entry.lines.length ? (
        entry.linesFolded ? (
          <details className="mt-3 text-sm">
            <summary className="inline-flex min-h-9 cursor-pointer items-center font-medium text-brand-700">
              {entry.lines.some((line) => line.after !== null) ? "Values it was given" : "Values it had"}
            </summary>
            <ChangedFields lines={entry.lines} single />
          </details>
        ) : (
          <ChangedFields lines={entry.lines} />
        )
      ) : null}
      {entry.bulk ? <BulkProducts products={entry.bulk.products} skipped={entry.bulk.skipped} /> : null}
      <div className="mt-3 flex flex-wrap gap-x-4">
        {entry.entityLink ? (
          <Link
            to={entry.entityLink.href}
            className="inline-flex min-h-9 items-center text-sm font-medium text-brand-700 underline"
          >
            {entry.entityLink.label}
            <span className="sr-only">{` ${entry.item}`}</span>
          </Link>
        ) : null}
        {entry.bulk ? null : <ChangeHistoryLink entityType={entry.entityType} entityId={entry.entityId} label={name} />}
      </div>
    </article>
  );
}

/** The changed fields, before → after; `single`: the values an item was created with or had when deleted. */
function ChangedFields({ lines, single = false }: { lines: ChangeLine[]; single?: boolean }) {
  return (
    <dl aria-label="Changed fields" className="mt-3 max-w-4xl divide-y divide-line border-t border-line text-sm">
      {lines.map((line) => (
        <div key={line.label} className="grid gap-1 py-2 sm:grid-cols-[minmax(8rem,14rem)_1fr] sm:gap-4">
          <dt className="font-medium break-words">{line.label}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {single ? (
              <FieldValue value={line.after ?? line.before} className="bg-surface text-ink" />
            ) : (
              <Values before={line.before} after={line.after} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "€ 32,95 → € 34,95", read out as "from € 32,95 to € 34,95". */
function Values({ before, after }: { before: string | null; after: string | null }) {
  return (
    <>
      <span className="sr-only">from </span>
      <FieldValue value={before} className="bg-surface text-ink" />
      <ArrowRight aria-hidden className="size-4 shrink-0 text-muted" />
      <span className="sr-only"> to </span>
      <FieldValue value={after} className="bg-brand-50 font-medium text-brand-800" />
    </>
  );
}

function FieldValue({ value, className }: { value: string | null; className: string }) {
  if (value === null) return <span className="text-muted">empty</span>;
  return (
    <span className={cn("min-w-0 rounded px-1.5 py-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {value}
    </span>
  );
}

function BulkProducts({
  products,
  skipped,
}: {
  products: BulkProductLine[];
  skipped: { name: string; reason: string }[];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-9 cursor-pointer items-center font-medium text-brand-700">
        {products.length === 1 ? "Show the product" : `Show the ${products.length.toLocaleString("en-GB")} products`}
      </summary>
      <ul aria-label="Products changed" className="mt-2 max-w-4xl divide-y divide-line border-t border-line">
        {products.map((product, i) => (
          <li
            key={`${product.artNo ?? "x"}-${i}`}
            className="grid gap-1 py-2 sm:grid-cols-[minmax(10rem,22rem)_1fr] sm:gap-4"
          >
            {product.artNo !== null ? (
              <Link
                to={`/admin/products?edit=${product.artNo}`}
                className="font-medium break-words text-brand-700 underline"
              >
                {product.name}
              </Link>
            ) : (
              <span className="font-medium break-words">{product.name}</span>
            )}
            <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <Values before={product.before} after={product.after} />
            </span>
          </li>
        ))}
      </ul>
      {skipped.length ? (
        <>
          <p className="mt-3 font-medium">{`Left unchanged: ${skipped.length.toLocaleString("en-GB")}`}</p>
          <ul aria-label="Products left unchanged" className="mt-1 space-y-1 text-muted">
            {skipped.map((product, i) => (
              <li key={`${product.name}-${i}`} className="break-words">
                {product.reason ? `${product.name}: ${product.reason}` : product.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
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
