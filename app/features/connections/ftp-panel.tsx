import { ArrowUp, Download, FileText, Folder } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Card } from "~/shared/ui/card";
import { Loader2 } from "~/shared/ui/icons";
import { Input } from "~/shared/ui/input";
import { Textarea } from "~/shared/ui/textarea";
import type { FtpFileEntry, FtpResult, PublicConnection } from "./types";
import type { LogLine } from "./logs";
import { breadcrumb, childPath, downloadHref, parentPath } from "~/features/admin-ftp";
import { formatFileSize } from "~/shared/files/file-size";
import { isIsoMoment } from "~/shared/dates/admin-dates";
import { AdminTime } from "~/shared/dates/admin-time";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { ConnectionFields, Field, LogPane, SubTabs } from "./connection-parts";

/** `folder`: the folder a "list" answer lists (the one asked for, else the connection's). */
export type FtpActionResult = AdminActionResult & { ftp?: FtpResult; folder?: string };

const EXAMPLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Order>
  <Reference>TK-TEST-1</Reference>
  <OrderLine><ArtNo>TK-1001</ArtNo><Amount>1</Amount></OrderLine>
</Order>
`;

/** FTP (spec 1 §2.15): sub-tabs test, list files, XML request, logs. */
export function FtpPanel({
  connection,
  result,
}: {
  connection: PublicConnection;
  result: FtpActionResult | undefined;
}) {
  const save = useFetcher<FtpActionResult>();
  const run = useFetcher<FtpActionResult>();
  useResultToast(save.data);
  useResultToast(run.data);
  const answer = run.data ?? (result?.ftp ? result : undefined);
  const [logs, setLogs] = useState<LogLine[]>([]);
  const [seen, setSeen] = useState<FtpActionResult | undefined>(undefined);
  if (answer && answer !== seen) {
    setSeen(answer);
    setLogs((all) => [...all, ...(answer.ftp?.logs ?? [])]);
  }
  const [xml, setXml] = useState(EXAMPLE_XML);
  const busy = run.state !== "idle";
  const lastOf = (intent: string) => (answer?.intent === intent ? answer : undefined);
  const listed = lastOf("list");

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-6">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        FTP
      </h2>
      {result && !result.ftp && result.intent === "save" ? <ActionMessage result={result} /> : null}
      {result && !result.ftp && result.intent !== "save" ? <ResponseBox result={result} /> : null}
      <Card className="space-y-4 p-5">
        <h3 className="font-semibold">Connection</h3>
        <save.Form method="post" action="/admin/ftp" className="space-y-4">
          <input type="hidden" name="intent" value="save" />
          <ConnectionFields connection={connection} prefix="ftp">
            <Field id="ftp-remote" label="Remote folder">
              <Input id="ftp-remote" name="remotePath" defaultValue={connection.remotePath} autoComplete="off" />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
              <input type="checkbox" name="secure" defaultChecked={connection.secure} className="size-4" />
              FTPS (explicit TLS)
            </label>
          </ConnectionFields>
          <Button type="submit" variant="outline">
            Save connection
          </Button>
        </save.Form>
      </Card>
      <SubTabs
        label="FTP"
        tabs={[
          {
            id: "test",
            label: "Test",
            content: (
              <Card className="space-y-3 p-5">
                <run.Form method="post" action="/admin/ftp">
                  <input type="hidden" name="intent" value="test" />
                  <Button type="submit" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
                    {busy && run.formData?.get("intent") === "test" ? (
                      <Loader2 aria-hidden className="animate-spin" />
                    ) : null}
                    Test connection
                  </Button>
                </run.Form>
                <ResponseBox result={lastOf("test")} />
              </Card>
            ),
          },
          {
            id: "list",
            label: "List files",
            content: (
              <Card className="space-y-3 p-5">
                <run.Form method="post" action="/admin/ftp" className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="intent" value="list" />
                  <Field id="ftp-list-path" label="Folder">
                    <Input
                      key={listed?.folder}
                      id="ftp-list-path"
                      name="remotePath"
                      defaultValue={listed?.folder ?? connection.remotePath}
                      autoComplete="off"
                    />
                  </Field>
                  <Button type="submit" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
                    List files
                  </Button>
                </run.Form>
                {listed?.ftp?.success ? (
                  <FileTable files={listed.ftp.files} folder={listed.folder} Form={run.Form} />
                ) : null}
                <ResponseBox result={lastOf("list")} />
              </Card>
            ),
          },
          {
            id: "xml",
            label: "XML request",
            content: (
              <Card className="space-y-3 p-5">
                <run.Form method="post" action="/admin/ftp" className="space-y-3">
                  <input type="hidden" name="intent" value="xml" />
                  <Field id="ftp-xml" label="XML document">
                    <Textarea
                      id="ftp-xml"
                      name="fileContent"
                      value={xml}
                      onChange={(e) => setXml(e.target.value)}
                      spellCheck={false}
                      className="min-h-48 font-mono text-xs md:text-xs"
                    />
                  </Field>
                  <Button type="submit" disabled={xml.trim() === "" || busy}>
                    Send XML request
                  </Button>
                </run.Form>
                <ResponseBox result={lastOf("xml")} />
              </Card>
            ),
          },
          { id: "logs", label: "Logs", content: <LogPane lines={logs} label="FTP log" /> },
        ]}
      />
    </section>
  );
}

function ResponseBox({ result }: { result: FtpActionResult | undefined }) {
  if (!result) return null;
  const ftp = result.ftp;
  const text = [
    result.title,
    result.description,
    ftp?.fileName ? `File: ${ftp.fileName}` : null,
    ftp?.fileContent ? `\n${ftp.fileContent}` : null,
  ]
    .filter(Boolean)
    .join("\n");
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">Response</p>
      <pre
        aria-label="Response"
        className={`max-h-80 overflow-auto rounded-md border p-3 text-xs whitespace-pre-wrap break-all ${result.ok ? "border-emerald-300 bg-emerald-50" : "border-red-300 bg-red-50"}`}
      >
        {text}
      </pre>
    </div>
  );
}

type FormComponent = ReturnType<typeof useFetcher>["Form"];

/**
 * The folder being looked at, as a breadcrumb of buttons that list each folder above it, and an
 * "Up" button. Buttons in a form: they work before the page's script has loaded, too.
 */
function FolderPath({ folder, Form }: { folder: string; Form: FormComponent }) {
  const up = parentPath(folder);
  return (
    <Form method="post" action="/admin/ftp" className="flex flex-wrap items-center gap-1 text-sm">
      <input type="hidden" name="intent" value="list" />
      <nav aria-label="Folder path" className="flex flex-wrap items-center gap-1">
        {breadcrumb(folder).map((crumb, i, all) =>
          i === all.length - 1 ? (
            <span key={crumb.path} aria-current="location" className="font-mono font-semibold">
              {crumb.name}
            </span>
          ) : (
            <span key={crumb.path} className="flex items-center gap-1">
              <button
                type="submit"
                name="remotePath"
                value={crumb.path}
                className="font-mono text-brand-700 underline-offset-2 hover:underline"
                aria-label={crumb.path === "/" ? "Top folder /" : `Folder ${crumb.path}`}
              >
                {crumb.name}
              </button>
              {crumb.path === "/" ? null : <span aria-hidden>/</span>}
            </span>
          ),
        )}
      </nav>
      {up !== null ? (
        <Button type="submit" name="remotePath" value={up} variant="outline" size="sm" className="ml-auto">
          <ArrowUp aria-hidden className="size-4" />
          Up
        </Button>
      ) : null}
    </Form>
  );
}

/**
 * Type, Name, Size, Modified; folders first, then the CSV files as a group, then the other files.
 * With the folder it lists: a folder's name opens it, a file's name downloads it.
 */
export function FileTable({ files, folder, Form }: { files: FtpFileEntry[]; folder?: string; Form?: FormComponent }) {
  const path = folder && Form ? <FolderPath folder={folder} Form={Form} /> : null;
  const folders = files.filter((f) => f.type === "d");
  const csv = files.filter((f) => f.type !== "d" && f.name.toLowerCase().endsWith(".csv"));
  const other = files.filter((f) => f.type !== "d" && !f.name.toLowerCase().endsWith(".csv"));
  const groups = [
    { label: "Folders", rows: folders },
    { label: "CSV files", rows: csv },
    { label: "Other files", rows: other },
  ].filter((g) => g.rows.length);
  if (!files.length)
    return (
      <div className="space-y-2">
        {path}
        <p className="text-sm text-muted">The folder is empty.</p>
      </div>
    );
  return (
    <div className="space-y-2">
      {path}
      <div className="overflow-x-auto" role="region" aria-label="File list" tabIndex={0}>
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">Files on the FTP server</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2 pr-2">
                Type
              </th>
              <th scope="col" className="py-2 pr-2">
                Name
              </th>
              <th scope="col" className="py-2 pr-2">
                Size
              </th>
              <th scope="col" className="py-2">
                Modified
              </th>
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.label}>
              <tr>
                <th scope="rowgroup" colSpan={4} className="bg-surface px-2 py-1 text-xs font-semibold uppercase">
                  {`${group.label} (${group.rows.length})`}
                </th>
              </tr>
              {group.rows.map((file) => (
                <tr key={file.name} className="border-b border-line">
                  <td className="py-2 pr-2">
                    {file.type === "d" ? (
                      <Folder aria-label="Directory" className="size-4" />
                    ) : (
                      <FileText aria-label="File" className="size-4" />
                    )}
                  </td>
                  <td className="py-2 pr-2 font-mono break-words">
                    <EntryName file={file} folder={folder} Form={Form} />
                  </td>
                  <td className="py-2 pr-2 whitespace-nowrap">{file.type === "d" ? "—" : formatFileSize(file.size)}</td>
                  <td className="py-2 whitespace-nowrap">
                    {/* The server's own text ("Nov 27 01:40", no year nor zone) only when it gave no exact time. */}
                    {file.date && isIsoMoment(file.date) ? <AdminTime value={file.date} /> : (file.date ?? "—")}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}

/** A folder's name opens it (lists it), a file's name downloads it; other names are plain text. */
function EntryName({ file, folder, Form }: { file: FtpFileEntry; folder?: string; Form?: FormComponent }) {
  const path = folder !== undefined ? childPath(folder, file.name) : null;
  if (path === null || !Form) return <>{file.name}</>;
  if (file.type === "d") {
    return (
      <Form method="post" action="/admin/ftp">
        <input type="hidden" name="intent" value="list" />
        <button
          type="submit"
          name="remotePath"
          value={path}
          className="text-left text-brand-700 underline-offset-2 hover:underline"
          aria-label={`Open folder ${file.name}`}
        >
          {file.name}
        </button>
      </Form>
    );
  }
  return (
    <span className="flex items-center justify-between gap-2">
      <span>{file.name}</span>
      <a
        href={downloadHref(path)}
        download
        className={buttonVariants({ variant: "outline", size: "sm" })}
        aria-label={`Download ${file.name}`}
      >
        <Download aria-hidden className="size-4" />
        <span className="hidden sm:inline">Download</span>
      </a>
    </span>
  );
}
