import { useEffect, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { cn } from "~/shared/ui/cn";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";

export type MigrationTab = "statistics" | "tool";

type Summary = { processed: number; success: number; error: number; skipped: number };

export type MigrationStateData = {
  active: {
    id: number;
    status: "queued" | "running";
    batchSize: number;
    startArtNo: number | null;
    done: number;
  } | null;
  lastBatch: {
    id: number;
    status: string;
    batchSize: number;
    summary: Summary | null;
    error: string | null;
    hasMore: boolean | null;
  } | null;
  lastArtNo: number | null;
  hasMore: boolean;
  started: boolean;
  totals: Summary;
  results: Array<{
    artNo: number;
    status: "success" | "error" | "skipped";
    message: string;
    originalUrls: string[];
    newUrls: string[];
  }>;
};

export type StatisticsData = {
  sampledProducts: number;
  productsWithExternal: number;
  withoutImages: number;
  images: number;
  external: number;
  local: number;
  broken: number;
};

/** Spec 2 §9. */
const BATCH_MIN = 1;
const BATCH_MAX = 50;
const BATCH_DEFAULT = 10;
/** How often the page asks for progress while a batch runs. */
const POLL_MS = 1_500;

const TABS: Array<{ id: MigrationTab; label: string }> = [
  { id: "statistics", label: "Statistics" },
  { id: "tool", label: "Migration Tool" },
];

/**
 * The image migration tool (spec 1 §2.15): tabs Statistics and Migration Tool. The tabs are links
 * (?tab=…) and the forms plain POST forms, so everything works before JavaScript; with JavaScript
 * the forms go through a fetcher and the page polls for progress while a batch runs.
 */
export function ImageMigrationPanel({
  tab,
  state,
  statistics,
  result,
}: {
  tab: MigrationTab;
  state: MigrationStateData;
  statistics: StatisticsData | null;
  result: AdminActionResult | undefined;
}) {
  return (
    <section aria-labelledby="migration-tabs-label" className="space-y-4">
      <h2 id="migration-tabs-label" className="sr-only">
        Image migration
      </h2>
      <nav aria-label="Image migration sections" className="inline-flex rounded-lg bg-surface p-1.5">
        <ul className="flex gap-1.5">
          {TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={`/admin/image-migration?tab=${t.id}`}
                aria-current={t.id === tab ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap",
                  t.id === tab
                    ? "bg-white text-brand-800 shadow-sm ring-1 ring-line"
                    : "text-muted hover:bg-white hover:text-ink",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ActionMessage result={result} />
      {tab === "statistics" ? <StatisticsView statistics={statistics} /> : <MigrationTool state={state} />}
    </section>
  );
}

function StatisticsView({ statistics }: { statistics: StatisticsData | null }) {
  if (!statistics) return null;
  const items = [
    { label: "Images on external URLs", value: statistics.external, tone: "text-amber-800" },
    { label: "Local images", value: statistics.local, tone: "text-brand-800" },
    { label: "Broken images", value: statistics.broken, tone: "text-danger" },
  ];
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-semibold">Statistics</h3>
      <p className="text-sm text-muted">
        From a sample of {statistics.sampledProducts} products (the first 1000 by ArtNo): {statistics.images} images,{" "}
        {statistics.productsWithExternal} products with images on external URLs, {statistics.withoutImages} products
        without images.
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg border border-line bg-white p-4 shadow-sm">
            <dt className="text-sm text-muted">{item.label}</dt>
            <dd className={cn("text-3xl font-bold", item.tone)}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function MigrationTool({ state }: { state: MigrationStateData }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const revalidator = useRevalidator();
  const [batchSize, setBatchSize] = useState(String(BATCH_DEFAULT));
  const busy = fetcher.state !== "idle";
  const running = state.active !== null;

  // Progress: while a batch is queued or running, ask the server again every POLL_MS.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const canMigrate = !running && (!state.started || state.hasMore);
  const migrateLabel = state.started ? "Continue Migration" : "Start Migration";

  return (
    <div className="space-y-5">
      <h3 className="text-lg font-semibold">Migration Tool</h3>
      <div className="space-y-4 rounded-lg border border-line bg-white p-5 shadow-sm">
        <p className="text-sm text-muted">
          Downloads product images that are still on external URLs, stores them in the shop as WebP and points the
          products at the shop&apos;s own copies. Each batch runs in the background.
        </p>
        <fetcher.Form method="post" action="/admin/image-migration" className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <label htmlFor="batch-size" className="block text-sm font-medium">
              Batch size
            </label>
            <Input
              id="batch-size"
              name="batchSize"
              type="number"
              inputMode="numeric"
              min={BATCH_MIN}
              max={BATCH_MAX}
              step={1}
              required
              value={batchSize}
              onChange={(e) => setBatchSize(e.target.value)}
              aria-describedby="batch-size-hint"
              className="w-28"
            />
          </div>
          <Button type="submit" name="intent" value="migrate" disabled={!canMigrate || busy}>
            {migrateLabel}
          </Button>
          <p id="batch-size-hint" className="w-full text-sm text-muted">
            {BATCH_MIN} to {BATCH_MAX} products per batch; 10 to 20 is recommended.
          </p>
        </fetcher.Form>
        <ResetControl disabled={running || busy || !state.started} />
        <Progress state={state} />
      </div>
      <Totals state={state} />
      <Results results={state.results} />
    </div>
  );
}

/**
 * Reset asks once more before it clears every result: a disclosure (works without JavaScript) with
 * its own form, so an empty batch size never blocks it.
 */
function ResetControl({ disabled }: { disabled: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const [open, setOpen] = useState(false);
  if (disabled) {
    return (
      <Button type="button" variant="outline" disabled>
        Reset
      </Button>
    );
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group">
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        Reset
      </summary>
      <fetcher.Form
        method="post"
        action="/admin/image-migration"
        className="mt-3 space-y-3 rounded-md border border-red-200 bg-red-50 p-4"
        onSubmit={() => setOpen(false)}
      >
        <p className="text-sm">
          This clears every migration result; the next batch starts from the first product again. Images already
          migrated stay migrated.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="reset" variant="destructive">
            Clear all results
          </Button>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function Progress({ state }: { state: MigrationStateData }) {
  const active = state.active;
  let text: string;
  if (active) {
    text =
      active.status === "queued"
        ? `Batch ${active.id} is waiting to start…`
        : `Batch ${active.id} is running: ${active.done} of up to ${active.batchSize} products processed…`;
  } else if (!state.started) {
    text = state.hasMore ? "No migration has run yet." : "No products have images on external URLs.";
  } else if (state.lastBatch?.status === "failed") {
    text = `Batch ${state.lastBatch.id} failed: ${state.lastBatch.error ?? "unknown error"}`;
  } else {
    const last = state.lastArtNo == null ? "" : ` Last processed ArtNo: ${state.lastArtNo}.`;
    text = state.hasMore
      ? `Batch ${state.lastBatch?.id} finished.${last} More products remain: continue with the next batch.`
      : `Batch ${state.lastBatch?.id} finished.${last} All products with external images have been processed.`;
  }
  return (
    <div className="space-y-2">
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {text}
      </p>
      {active ? (
        <progress
          aria-label="Batch progress"
          max={active.batchSize}
          value={active.status === "queued" ? undefined : active.done}
          className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
        />
      ) : null}
    </div>
  );
}

function Totals({ state }: { state: MigrationStateData }) {
  if (!state.started) return null;
  const batch = state.lastBatch?.summary;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SummaryCard title="Last batch" summary={batch ?? null} />
      <SummaryCard title="All batches" summary={state.totals} />
    </div>
  );
}

function SummaryCard({ title, summary }: { title: string; summary: Summary | null }) {
  return (
    <div className="rounded-lg border border-line bg-white p-4 shadow-sm">
      <h4 className="font-semibold">{title}</h4>
      {summary ? (
        <dl className="mt-2 grid grid-cols-4 gap-2 text-center text-sm">
          {(
            [
              ["Processed", summary.processed],
              ["Success", summary.success],
              ["Error", summary.error],
              ["Skipped", summary.skipped],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted">Not finished yet.</p>
      )}
    </div>
  );
}

const STATUS_BADGE = { success: "default", error: "danger", skipped: "muted" } as const;

function UrlList({ urls }: { urls: string[] }) {
  if (urls.length === 0) return <span className="text-muted">none</span>;
  return (
    <ul className="space-y-0.5">
      {urls.map((url, i) => (
        <li key={i} className="break-all">
          {url}
        </li>
      ))}
    </ul>
  );
}

function Results({ results }: { results: MigrationStateData["results"] }) {
  if (results.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Results (newest first)</h4>
      {/* Wide screens: a table; phones: one card per product. */}
      <div className="hidden overflow-x-auto rounded-lg border border-line bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                ArtNo
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Message
              </th>
              <th scope="col" className="px-3 py-2">
                Original URLs
              </th>
              <th scope="col" className="px-3 py-2">
                New URLs
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((r, i) => (
              <tr key={`${r.artNo}-${i}`} className="border-t border-line align-top">
                <td className="px-3 py-2 font-medium">
                  <Link to={`/product/${r.artNo}`} className="text-brand-700 hover:underline">
                    {r.artNo}
                  </Link>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={STATUS_BADGE[r.status]}>{r.status}</Badge>
                </td>
                <td className="max-w-xs px-3 py-2 break-words">{r.message}</td>
                <td className="max-w-xs px-3 py-2 text-xs">
                  <UrlList urls={r.originalUrls} />
                </td>
                <td className="max-w-xs px-3 py-2 text-xs">
                  <UrlList urls={r.newUrls} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Results">
        {results.map((r, i) => (
          <li
            key={`${r.artNo}-${i}`}
            className="space-y-2 rounded-lg border border-line bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-center justify-between gap-2">
              <Link to={`/product/${r.artNo}`} className="font-semibold text-brand-700 hover:underline">
                ArtNo {r.artNo}
              </Link>
              <Badge variant={STATUS_BADGE[r.status]}>{r.status}</Badge>
            </div>
            <p className="break-words">{r.message}</p>
            <div className="text-xs">
              <p className="font-medium text-muted">Original URLs</p>
              <UrlList urls={r.originalUrls} />
            </div>
            <div className="text-xs">
              <p className="font-medium text-muted">New URLs</p>
              <UrlList urls={r.newUrls} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
