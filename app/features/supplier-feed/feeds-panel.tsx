import { useEffect, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { ENCODING_CHOICES, FEED_UPLOAD_PATH, SCHEDULE_MINUTES, SEPARATOR_CHOICES, SYNTAX_CHOICES } from "./feed-form";
import { cn } from "~/shared/ui/cn";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";

export type FeedRunSummary = {
  id: number;
  kind: "products" | "stock";
  source: "upload" | "ftp" | "sftp";
  fileName: string;
  status: "queued" | "running" | "succeeded" | "failed";
  dryRun: boolean;
  fullFeed: boolean;
  scheduled: boolean;
  rowsRead: number;
  created: number;
  changed: number;
  unchanged: number;
  rejected: number;
  deactivated: number;
  error: string | null;
  createdAt: Moment;
};

export type FeedScheduleSummary = {
  id: number;
  kind: "products" | "stock";
  source: "ftp" | "sftp";
  remotePath: string;
  intervalMinutes: number;
  fullFeed: boolean;
  enabled: boolean;
  nextRunAt: Moment;
  lastRunId: number | null;
};

/** How often the pages ask for progress while an import runs. */
export const FEED_POLL_MS = 2_000;

const KIND_LABEL = { products: "Product feed", stock: "Stock feed" } as const;
const SOURCE_LABEL = { upload: "Upload", ftp: "FTP", sftp: "SFTP" } as const;
const STATUS = {
  queued: { label: "Waiting", variant: "muted" },
  running: { label: "Running", variant: "warning" },
  succeeded: { label: "Done", variant: "default" },
  failed: { label: "Failed", variant: "danger" },
} as const;

export function RunStatus({ run }: { run: Pick<FeedRunSummary, "status" | "dryRun"> }) {
  const status = STATUS[run.status];
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={status.variant}>{status.label}</Badge>
      {run.dryRun ? <Badge variant="outline">Dry run</Badge> : null}
    </span>
  );
}

/** Re-reads the page every FEED_POLL_MS while `active`, so progress shows without a reload. */
export function usePollWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, FEED_POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/**
 * Supplier Feeds (issue 15): the supplier's product and stock files imported from an upload or the
 * FTP/SFTP server, on demand or on a schedule. Plain forms, so it all works before JavaScript.
 */
export function FeedsPanel({
  runs,
  failedOnly = false,
  activeRunId,
  schedules,
  servers,
  problem,
  result,
}: {
  runs: FeedRunSummary[];
  /** Only the failed imports no later successful import settled (/admin/feeds?runs=failed). */
  failedOnly?: boolean;
  activeRunId: number | null;
  schedules: FeedScheduleSummary[];
  servers: { ftp: string | null; sftp: string | null };
  problem: string | null;
  result: AdminActionResult | undefined;
}) {
  usePollWhile(activeRunId !== null);
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-muted">
        Keep products, prices and stock in step with the supplier. A product feed creates and updates products; a stock
        feed only updates the stock of products the shop has. CSV or XML, UTF-8 or Windows-1252: the format is
        recognised unless you set it. One import runs at a time; each leaves a report.
      </p>
      {problem ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
          <p className="font-semibold">The import was not started</p>
          <p className="text-sm">{problem}</p>
        </div>
      ) : null}
      <ActionMessage result={result} />
      {activeRunId !== null ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
        >
          <span aria-hidden className="size-3 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
          <p className="text-sm">Import #{activeRunId} is running. A new import can start when it has finished.</p>
          <Link to={`/admin/feeds/runs/${activeRunId}`} className="text-sm font-medium text-brand-800 underline">
            View progress
          </Link>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <UploadForm busy={activeRunId !== null} />
        <RemoteForm busy={activeRunId !== null} servers={servers} />
      </div>
      <Schedules schedules={schedules} />
      <Runs runs={runs} failedOnly={failedOnly} />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-line bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function KindAndOptions({ prefix }: { prefix: string }) {
  const [kind, setKind] = useState<"products" | "stock">("stock");
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Feed</legend>
        <div className="flex flex-wrap gap-4">
          {(["stock", "products"] as const).map((k) => (
            <label key={k} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="size-4 accent-brand-700"
              />
              {KIND_LABEL[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="dryRun" className="size-4 accent-brand-700" />
          Dry run (report only, change nothing)
        </label>
        {kind === "products" ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="fullFeed"
              className="size-4 accent-brand-700"
              aria-describedby={`${prefix}-full-hint`}
            />
            Full catalogue
          </label>
        ) : null}
      </div>
      {kind === "products" ? (
        <p id={`${prefix}-full-hint`} className="text-xs text-muted">
          A full catalogue lists every product: products missing from it are set inactive (never deleted).
        </p>
      ) : null}
      <FormatFields prefix={prefix} />
    </>
  );
}

function Select({
  id,
  name,
  label,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue=""
        className="h-10 w-full rounded-md border border-line bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FormatFields({ prefix }: { prefix: string }) {
  return (
    <details className="rounded-md border border-line p-3">
      <summary className="cursor-pointer text-sm font-medium">Format (recognised automatically)</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Select id={`${prefix}-syntax`} name="syntax" label="File type" choices={SYNTAX_CHOICES} />
        <Select id={`${prefix}-separator`} name="separator" label="Separator" choices={SEPARATOR_CHOICES} />
        <Select id={`${prefix}-encoding`} name="encoding" label="Encoding" choices={ENCODING_CHOICES} />
      </div>
      <div className="mt-3 space-y-1">
        <label htmlFor={`${prefix}-columns`} className="block text-sm font-medium">
          Column names of this supplier
        </label>
        <Input
          id={`${prefix}-columns`}
          name="columns"
          maxLength={2000}
          placeholder="ArtNo=Artikel; ArtQuantity=Aantal"
          aria-describedby={`${prefix}-columns-hint`}
        />
        <p id={`${prefix}-columns-hint`} className="text-xs text-muted">
          Only where the header differs from ArtNo, Brand, ShortDescription, ConsumerPrice, ArtQuantity and the other
          usual names.
        </p>
      </div>
    </details>
  );
}

function UploadForm({ busy }: { busy: boolean }) {
  const [uploading, setUploading] = useState(false);
  return (
    <Section title="Import a file" id="feed-upload-title">
      <form
        method="post"
        action={FEED_UPLOAD_PATH}
        encType="multipart/form-data"
        className="space-y-4"
        onSubmit={() => setUploading(true)}
      >
        <KindAndOptions prefix="upload" />
        {/* The file goes last: the server reads the settings before the file streams in. */}
        <div className="space-y-1">
          <label htmlFor="feed-file" className="block text-sm font-medium">
            File (CSV or XML)
          </label>
          <input
            id="feed-file"
            name="file"
            type="file"
            required
            accept=".csv,.txt,.xml,text/csv,text/xml,application/xml"
            className="block w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-medium"
          />
        </div>
        <Button type="submit" disabled={busy || uploading} aria-live="polite">
          {uploading ? "Uploading…" : "Upload and import"}
        </Button>
      </form>
    </Section>
  );
}

function RemoteForm({ busy, servers }: { busy: boolean; servers: { ftp: string | null; sftp: string | null } }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const sending = fetcher.state !== "idle";
  return (
    <Section title="Import from the supplier's server" id="feed-remote-title">
      <fetcher.Form method="post" action="/admin/feeds" className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-[14rem_1fr] lg:grid-cols-1 xl:grid-cols-[14rem_1fr]">
          <div className="space-y-1">
            <label htmlFor="remote-source" className="block text-sm font-medium">
              Server
            </label>
            <select
              id="remote-source"
              name="source"
              defaultValue="ftp"
              className="h-10 w-full rounded-md border border-line bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              <option value="ftp">FTP{servers.ftp ? ` (${servers.ftp})` : " (not set up)"}</option>
              <option value="sftp">SFTP{servers.sftp ? ` (${servers.sftp})` : " (not set up)"}</option>
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="remote-path" className="block text-sm font-medium">
              File on the server
            </label>
            <Input id="remote-path" name="remotePath" required maxLength={1024} placeholder="/export/voorraad.csv" />
          </div>
        </div>
        <KindAndOptions prefix="remote" />
        <div className="flex flex-wrap items-end gap-3 border-t border-line pt-4">
          <Button type="submit" name="intent" value="start-remote" disabled={busy || sending}>
            {sending && fetcher.formData?.get("intent") === "start-remote" ? "Starting…" : "Import now"}
          </Button>
          <div className="space-y-1">
            <label htmlFor="remote-interval" className="block text-sm font-medium">
              Every (minutes)
            </label>
            <div className="w-28">
              <Input
                id="remote-interval"
                name="intervalMinutes"
                type="number"
                inputMode="numeric"
                min={SCHEDULE_MINUTES.min}
                max={SCHEDULE_MINUTES.max}
                defaultValue={60}
              />
            </div>
          </div>
          <label className="inline-flex h-10 items-center gap-2 text-sm">
            <input type="checkbox" name="runNow" className="size-4 accent-brand-700" />
            First run now
          </label>
          <Button type="submit" name="intent" value="create-schedule" variant="outline" disabled={sending}>
            Save as schedule
          </Button>
        </div>
        <p className="text-xs text-muted">
          The connection is the one on the{" "}
          <Link to="/admin/ftp" className="underline">
            FTP
          </Link>{" "}
          and{" "}
          <Link to="/admin/sftp" className="underline">
            SFTP
          </Link>{" "}
          tabs.
        </p>
      </fetcher.Form>
    </Section>
  );
}

function ScheduleAction({
  id,
  intent,
  label,
  variant = "outline",
}: {
  id: number;
  intent: string;
  label: string;
  variant?: "outline" | "destructive";
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/admin/feeds">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="sm"
        variant={variant}
        disabled={fetcher.state !== "idle"}
      >
        {label}
      </Button>
    </fetcher.Form>
  );
}

function Schedules({ schedules }: { schedules: FeedScheduleSummary[] }) {
  return (
    <Section title="Schedules" id="feed-schedules-title">
      {schedules.length === 0 ? (
        <p className="text-sm text-muted">No scheduled imports. Save one with “Save as schedule” above.</p>
      ) : (
        <ul className="divide-y divide-line">
          {schedules.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-0.5 text-sm">
                <p className="font-medium break-all">
                  {KIND_LABEL[s.kind]} · {s.source.toUpperCase()} {s.remotePath}
                </p>
                <p className="text-muted">
                  Every {s.intervalMinutes} minutes{s.fullFeed ? " · full catalogue" : ""} ·{" "}
                  {s.enabled ? (
                    <>
                      next <time dateTime={s.nextRunAt.iso}>{s.nextRunAt.text}</time>
                    </>
                  ) : (
                    "paused"
                  )}
                  {s.lastRunId ? (
                    <>
                      {" "}
                      ·{" "}
                      <Link to={`/admin/feeds/runs/${s.lastRunId}`} className="underline">
                        last run #{s.lastRunId}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="flex gap-2">
                {s.enabled ? (
                  <ScheduleAction id={s.id} intent="disable-schedule" label="Pause" />
                ) : (
                  <ScheduleAction id={s.id} intent="enable-schedule" label="Resume" />
                )}
                <details className="relative">
                  <summary
                    className={cn(
                      buttonVariants({ variant: "outline", size: "sm" }),
                      "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                    )}
                  >
                    Delete
                  </summary>
                  <div className="absolute right-0 z-10 mt-2 w-64 space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm shadow">
                    <p>Delete this schedule? Runs already made keep their reports.</p>
                    <ScheduleAction id={s.id} intent="delete-schedule" label="Delete schedule" variant="destructive" />
                  </div>
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Runs({ runs, failedOnly }: { runs: FeedRunSummary[]; failedOnly: boolean }) {
  return (
    <Section title={failedOnly ? "Failed imports" : "Latest imports"} id="feed-runs-title">
      {failedOnly ? (
        <p className="text-sm text-muted">
          Imports that failed with no successful import of the same feed after them.{" "}
          <Link to="/admin/feeds" className="font-medium text-brand-800 underline">
            Show all imports
          </Link>
        </p>
      ) : null}
      {runs.length === 0 ? (
        <p className="text-sm text-muted">
          {failedOnly ? "No failed imports need your attention." : "No imports yet."}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Import
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  File
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Read
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  New
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Changed
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Rejected
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {runs.map((run) => (
                <tr key={run.id}>
                  <td className="py-2 pr-3 align-top">
                    <Link to={`/admin/feeds/runs/${run.id}`} className="font-medium text-brand-800 underline">
                      #{run.id} {KIND_LABEL[run.kind]}
                    </Link>
                    <div className="text-xs text-muted">
                      <time dateTime={run.createdAt.iso}>{run.createdAt.text}</time>
                      {run.scheduled ? " · scheduled" : ""}
                    </div>
                  </td>
                  <td className="max-w-56 py-2 pr-3 align-top break-all">
                    <span className="text-muted">{SOURCE_LABEL[run.source]}:</span> {run.fileName}
                  </td>
                  <td className="py-2 pr-3 align-top">
                    <RunStatus run={run} />
                  </td>
                  <td className="py-2 pr-3 text-right align-top tabular-nums">
                    {run.rowsRead.toLocaleString("nl-NL")}
                  </td>
                  <td className="py-2 pr-3 text-right align-top tabular-nums">{run.created.toLocaleString("nl-NL")}</td>
                  <td className="py-2 pr-3 text-right align-top tabular-nums">{run.changed.toLocaleString("nl-NL")}</td>
                  <td className="py-2 pr-3 text-right align-top tabular-nums">
                    {run.rejected.toLocaleString("nl-NL")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
