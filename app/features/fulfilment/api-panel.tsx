import { CheckCircle2, Plus, Trash2, XCircle } from "lucide-react";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Card } from "~/shared/ui/card";
import { Loader2 } from "~/shared/ui/icons";
import { Input } from "~/shared/ui/input";
import { Textarea } from "~/shared/ui/textarea";
import { cn } from "~/shared/ui/cn";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";

/** What the server's test request brought back (credentials already taken out). */
export type SupplierTestView = {
  url: string;
  outcome:
    | {
        kind: "answer";
        status: number;
        durationMs: number;
        headers: [string, string][];
        body: string;
        truncated: boolean;
      }
    | { kind: "failed"; message: string; durationMs: number };
};

export type ApiActionResult = AdminActionResult & { test?: SupplierTestView };

type ApiPanelProps = {
  url: string;
  urlSource: "admin" | "environment" | "test-supplier";
  isTestSupplier: boolean;
  exampleBody: string;
  methods: readonly string[];
  defaultContentType: string;
  /** ?edit: the URL field opens editable (the "Edit URL" link without JavaScript). */
  editing: boolean;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast and the card instead). */
  result: ApiActionResult | undefined;
};

const SOURCE_TEXT: Record<ApiPanelProps["urlSource"], string> = {
  admin: "Set here in the admin.",
  environment: "From the server's SUPPLIER_API_URL setting.",
  "test-supplier": "The shop's built-in test supplier (no supplier configured).",
};

/**
 * API Connection (spec 1 §2.15): the supplier's endpoint, read-only until "Edit URL", and a test
 * request whose answer shows in a card. Both are POST forms (they work without JavaScript); with
 * JavaScript fetchers send them and the answers arrive as toasts.
 */
export function ApiPanel(props: ApiPanelProps) {
  const noJsResult = props.result;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-6">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        API Connection
      </h2>
      {noJsResult && noJsResult.intent !== "test" ? <ActionMessage result={noJsResult} /> : null}
      <EndpointCard {...props} />
      <TestRequestCard {...props} />
    </section>
  );
}

function EndpointCard({ url, urlSource, isTestSupplier, editing: editingFromUrl }: ApiPanelProps) {
  const fetcher = useFetcher<ApiActionResult>();
  useResultToast(fetcher.data);
  // Editing since which fetcher answer: a newer successful save ends it (derived, so no effect is needed).
  const [editFrom, setEditFrom] = useState<{ data: ApiActionResult | undefined } | null>(
    editingFromUrl ? { data: undefined } : null,
  );
  const busy = fetcher.state !== "idle";
  const saved = !busy && fetcher.data?.ok === true && fetcher.data !== editFrom?.data;
  const editing = editFrom !== null && !saved;
  const setEditing = (on: boolean) => setEditFrom(on ? { data: fetcher.data } : null);

  return (
    <Card className="space-y-3 p-5">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <h3 className="font-semibold">Supplier endpoint</h3>
          <ChangeHistoryLink entityType="setting" entityId="supplier-api-url" label="the supplier endpoint" />
        </div>
        <p className="text-sm text-muted">
          {SOURCE_TEXT[urlSource]}
          {isTestSupplier && urlSource !== "test-supplier" ? " This is the shop's built-in test supplier." : null}
        </p>
      </div>
      <fetcher.Form method="post" action="/admin/api" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="api-url" />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="api-url" className="text-sm font-medium">
            Endpoint URL
          </label>
          {/* Keyed on the mode, so entering edit mode starts from the stored URL again. */}
          <Input
            key={editing ? "edit" : "view"}
            id="api-url"
            name="url"
            type="url"
            defaultValue={url}
            readOnly={!editing}
            aria-readonly={!editing || undefined}
            className={cn("font-mono", !editing && "bg-surface")}
            maxLength={2048}
            autoComplete="off"
          />
        </div>
        {editing ? (
          <div className="flex gap-2">
            <Button type="submit" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {busy ? "Saving…" : "Save"}
            </Button>
            <Link
              to="/admin/api"
              className={buttonVariants({ variant: "outline" })}
              onClick={(event) => {
                event.preventDefault();
                setEditing(false);
              }}
            >
              Cancel
            </Link>
          </div>
        ) : (
          <Link
            to="/admin/api?edit"
            className={buttonVariants({ variant: "outline" })}
            onClick={(event) => {
              event.preventDefault();
              setEditing(true);
            }}
          >
            Edit URL
          </Link>
        )}
      </fetcher.Form>
    </Card>
  );
}

type HeaderRow = { key: number; name: string; value: string };

function TestRequestCard({ methods, defaultContentType, exampleBody, result }: ApiPanelProps) {
  const fetcher = useFetcher<ApiActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const id = useId();
  const [rows, setRows] = useState<HeaderRow[]>([{ key: 0, name: "", value: "" }]);
  const answer = fetcher.data ?? (result?.intent === "test" ? result : undefined);

  return (
    <Card className="space-y-4 p-5">
      <div>
        <h3 className="font-semibold">Test request</h3>
        <p className="text-sm text-muted">
          Sent to the endpoint above (10 s timeout). The placeholders •••• for user name and password are filled in on
          the server; the answer shows them as •••• again.
        </p>
      </div>
      <fetcher.Form method="post" action="/admin/api" className="space-y-4">
        <input type="hidden" name="intent" value="test" />
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-method`} className="text-sm font-medium">
              Method
            </label>
            <select
              id={`${id}-method`}
              name="method"
              defaultValue="POST"
              className="h-10 rounded-md border border-line bg-white px-3 text-base md:text-sm"
            >
              {methods.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-ct`} className="text-sm font-medium">
              Content type
            </label>
            <Input id={`${id}-ct`} name="contentType" defaultValue={defaultContentType} autoComplete="off" />
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Headers</legend>
          {rows.map((row, index) => (
            <div key={row.key} className="flex items-center gap-2">
              <Input
                name="headerName"
                aria-label={`Header ${index + 1} name`}
                placeholder="Name"
                defaultValue={row.name}
                autoComplete="off"
                className="min-w-0 flex-1"
              />
              <Input
                name="headerValue"
                aria-label={`Header ${index + 1} value`}
                placeholder="Value"
                defaultValue={row.value}
                autoComplete="off"
                className="min-w-0 flex-[2]"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              setRows((all) => [...all, { key: Math.max(0, ...all.map((r) => r.key)) + 1, name: "", value: "" }])
            }
          >
            <Plus aria-hidden />
            Add header
          </Button>
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-body`} className="text-sm font-medium">
            Body
          </label>
          <Textarea
            id={`${id}-body`}
            name="body"
            defaultValue={exampleBody}
            spellCheck={false}
            className="min-h-72 font-mono text-xs md:text-xs"
          />
        </div>
        <Button type="submit" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {busy ? "Sending…" : "Send test request"}
        </Button>
      </fetcher.Form>
      {answer && !busy ? <TestAnswer result={answer} /> : null}
    </Card>
  );
}

function TestAnswer({ result }: { result: ApiActionResult }) {
  const test = result.test;
  if (!test || test.outcome.kind === "failed") {
    return (
      <div
        role="alert"
        aria-labelledby="api-test-failed"
        className="rounded-lg border border-red-300 bg-red-50 p-4 text-danger"
      >
        <p id="api-test-failed" className="flex items-center gap-2 font-semibold">
          <XCircle aria-hidden className="size-5" />
          Connection Failed
        </p>
        <p className="mt-1 text-sm break-words">
          {test?.outcome.kind === "failed" ? test.outcome.message : result.description}
        </p>
        {test ? <p className="mt-1 text-xs break-all">{`${test.url} · ${test.outcome.durationMs} ms`}</p> : null}
      </div>
    );
  }
  const { outcome } = test;
  const success = outcome.status >= 200 && outcome.status < 300;
  return (
    <section
      aria-labelledby="api-test-answer"
      className={cn(
        "space-y-3 rounded-lg border p-4",
        success ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50",
      )}
    >
      <h4 id="api-test-answer" className="flex items-center gap-2 font-semibold">
        {success ? (
          <CheckCircle2 aria-hidden className="size-5 text-emerald-700" />
        ) : (
          <XCircle aria-hidden className="size-5 text-amber-700" />
        )}
        {success ? "Connection Successful" : "The supplier answered with an error"}
      </h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Status</dt>
        <dd>
          <Badge variant={success ? "default" : "warning"}>{outcome.status}</Badge>
        </dd>
        <dt className="text-muted">Time</dt>
        <dd>{`${outcome.durationMs} ms`}</dd>
        <dt className="text-muted">URL</dt>
        <dd className="break-all">{test.url}</dd>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{`Headers (${outcome.headers.length})`}</summary>
        <dl className="mt-2 space-y-0.5 font-mono text-xs">
          {outcome.headers.map(([name, value]) => (
            <div key={name} className="break-all">
              <dt className="inline font-semibold">{`${name}: `}</dt>
              <dd className="inline">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="space-y-1">
        <p className="text-sm font-medium">Body{outcome.truncated ? " (cut at 64 KiB)" : ""}</p>
        <pre className="max-h-80 overflow-auto rounded-md border border-line bg-white p-3 text-xs whitespace-pre-wrap break-all">
          {outcome.body || "(empty)"}
        </pre>
      </div>
    </section>
  );
}
