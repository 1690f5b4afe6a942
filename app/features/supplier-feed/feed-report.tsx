import { Link, useFetcher } from "react-router";
import { Button } from "~/shared/ui/button";
import type { DeactivationHold } from "./deactivation-hold";
import { formatFileSize } from "~/shared/files/file-size";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { RunStatus, usePollWhile, type FeedRunSummary } from "./feeds-panel";

type ReportRun = FeedRunSummary & {
  fileBytes: number | null;
  attempts: number;
  progressLine: number;
  startedAt: Moment | null;
  finishedAt: Moment | null;
  deactivationHold: DeactivationHold | null;
};

const KIND = { products: "Product feed", stock: "Stock feed" } as const;
const SOURCE = { upload: "uploaded", ftp: "from the FTP server", sftp: "from the SFTP server" } as const;

/** The report of one import (issue 15): what it read, created, changed, left alone and rejected, and why. */
export function FeedReportView({
  run,
  rejections,
  rejectionPage,
  keptRejections,
}: {
  run: ReportRun;
  rejections: { line: number; artNo: string | null; reason: string }[];
  rejectionPage: { page: number; pages: number };
  keptRejections: number;
}) {
  const active = run.status === "queued" || run.status === "running";
  usePollWhile(active);
  const counts = [
    { label: "Rows read", value: run.rowsRead },
    { label: "New", value: run.created },
    { label: "Changed", value: run.changed },
    { label: "Unchanged", value: run.unchanged },
    { label: "Rejected", value: run.rejected },
    ...(run.kind === "products" && run.fullFeed ? [{ label: "Set inactive", value: run.deactivated }] : []),
  ];
  return (
    <article aria-labelledby="feed-report-title" className="space-y-5">
      <header className="space-y-2">
        <h2 id="feed-report-title" className="flex flex-wrap items-center gap-3 text-xl font-semibold">
          Import #{run.id}: {KIND[run.kind]} <RunStatus run={run} />
        </h2>
        <p className="text-sm break-all text-muted">
          {run.fileName} {SOURCE[run.source]}
          {run.fileBytes ? ` (${formatFileSize(run.fileBytes)})` : ""}
          {run.fullFeed ? " · full catalogue" : ""}
          {run.scheduled ? " · scheduled" : ""} · queued <time dateTime={run.createdAt.iso}>{run.createdAt.text}</time>
          {run.finishedAt ? (
            <>
              {" "}
              · finished <time dateTime={run.finishedAt.iso}>{run.finishedAt.text}</time>
            </>
          ) : null}
        </p>
        {run.dryRun ? (
          <p className="rounded-md bg-surface p-3 text-sm">
            A dry run: these are the changes the file would make. Nothing in the shop was changed.
          </p>
        ) : null}
      </header>
      {active ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          <span aria-hidden className="size-3 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
          {run.status === "queued"
            ? "Waiting for the import to start…"
            : `Importing… ${run.rowsRead.toLocaleString("nl-NL")} rows done so far.`}
        </p>
      ) : null}
      {run.error ? (
        <p
          role={run.status === "failed" ? "alert" : "note"}
          className={
            run.status === "failed"
              ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-danger"
              : "rounded-md bg-surface p-3 text-sm"
          }
        >
          {run.status === "failed" ? "The import failed: " : ""}
          {run.error}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map((c) => (
          <div key={c.label} className="rounded-lg border border-line bg-white p-4 shadow-sm">
            <dt className="text-sm text-muted">{c.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{c.value.toLocaleString("nl-NL")}</dd>
          </div>
        ))}
      </dl>
      {run.deactivationHold ? <HeldDeactivation hold={run.deactivationHold} /> : null}
      <section aria-labelledby="feed-rejections-title" className="space-y-3">
        <h3 id="feed-rejections-title" className="text-lg font-semibold">
          Rejected rows
        </h3>
        {run.rejected === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <>
            {run.rejected > keptRejections ? (
              <p className="text-sm text-muted">
                The first {keptRejections.toLocaleString("nl-NL")} of {run.rejected.toLocaleString("nl-NL")} are kept.
              </p>
            ) : null}
            <div className="overflow-x-auto rounded-lg border border-line bg-white">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-line bg-surface text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Line
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      ArtNo
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {rejections.map((r) => (
                    <tr key={`${r.line}-${r.reason}`}>
                      <td className="px-3 py-2 align-top tabular-nums">{r.line}</td>
                      <td className="px-3 py-2 align-top break-all">{r.artNo ?? "—"}</td>
                      <td className="px-3 py-2 align-top">{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rejectionPage.pages > 1 ? (
              <nav aria-label="Rejected rows pages" className="flex items-center gap-3 text-sm">
                {rejectionPage.page > 1 ? (
                  <Link to={`?page=${rejectionPage.page - 1}`} className="underline">
                    Previous
                  </Link>
                ) : null}
                <span>
                  Page {rejectionPage.page} of {rejectionPage.pages}
                </span>
                {rejectionPage.page < rejectionPage.pages ? (
                  <Link to={`?page=${rejectionPage.page + 1}`} className="underline">
                    Next
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </section>
    </article>
  );
}

/** A full feed's deactivation that waits (confirmedAt as the admin's local text) for the admin (issue 27): why, how many, which, and the button. */
function HeldDeactivation({ hold }: { hold: DeactivationHold }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const count = hold.count.toLocaleString("nl-NL");
  return (
    <section
      aria-labelledby="feed-held-title"
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <h3 id="feed-held-title" className="text-lg font-semibold">
        {hold.state === "held"
          ? `Not set inactive: ${count} products missing from the file`
          : hold.state === "confirmed"
            ? `Set inactive after confirmation: ${count} products missing from the file`
            : `Not set inactive: ${count} products (a later product import replaced this one)`}
      </h3>
      <ul className="list-disc pl-5">
        {hold.reasons.map((reason) => (
          <li key={reason}>{reason}.</li>
        ))}
      </ul>
      <p>
        {hold.count > hold.sample.length ? `The first ${hold.sample.length} by ArtNo:` : "They are:"}{" "}
        {hold.sample.map((p) => `${p.artNo}${p.name ? ` (${p.name})` : ""}`).join(", ")}
      </p>
      {hold.state === "confirmed" ? (
        <p>{`Confirmed by ${hold.confirmedBy ?? "an admin"}${hold.confirmedAt ? ` on ${hold.confirmedAt}` : ""}.`}</p>
      ) : null}
      {hold.state === "held" ? (
        <fetcher.Form method="post">
          <Button
            type="submit"
            name="intent"
            value="confirm-deactivation"
            variant="destructive"
            disabled={fetcher.state !== "idle"}
          >
            {`Set these ${count} products inactive`}
          </Button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
