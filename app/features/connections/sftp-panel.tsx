import { Download, KeyRound } from "lucide-react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Card } from "~/shared/ui/card";
import { Loader2 } from "~/shared/ui/icons";
import { Textarea } from "~/shared/ui/textarea";
import type { PublicConnection, SftpTestResult } from "./types";
import type { LogLine } from "./logs";
import { formatFileSize } from "~/shared/files/file-size";
import { AdminTime } from "~/shared/dates/admin-time";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { ConnectionFields, Field, LogPane, SubTabs } from "./connection-parts";

export type SftpActionResult = AdminActionResult & { test?: SftpTestResult; logs?: LogLine[] };

type Props = {
  connection: PublicConnection;
  logonTypes: readonly string[];
  files: { name: string; size: number; modified: string }[];
  result: SftpActionResult | undefined;
};

/** SFTP (spec 1 §2.15): the connection form, "Test", the logs and the retrieved files. */
export function SftpPanel({ connection, logonTypes, files, result }: Props) {
  const fetcher = useFetcher<SftpActionResult>();
  const keyFetcher = useFetcher<SftpActionResult>();
  useResultToast(fetcher.data);
  useResultToast(keyFetcher.data);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? result;
  const logs = answer?.test?.logs ?? answer?.logs ?? [];
  const hostKey = answer?.test?.hostKey;
  const accepted = keyFetcher.data?.ok === true;

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-6">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        SFTP
      </h2>
      <Card className="space-y-4 p-5">
        <div>
          <h3 className="font-semibold">Connection</h3>
          <p className="text-sm break-all text-muted">
            {connection.hostKeySha256 ? `Pinned host key: ${connection.hostKeySha256}` : "No host key accepted yet."}
          </p>
        </div>
        <fetcher.Form method="post" action="/admin/sftp" className="space-y-4">
          <ConnectionFields connection={connection} prefix="sftp">
            <Field id="sftp-logon" label="Logon type">
              <select
                id="sftp-logon"
                name="logonType"
                defaultValue={connection.logonType}
                className="h-10 rounded-md border border-line bg-white px-3 text-base md:text-sm"
              >
                {logonTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="sftp-key"
              label="Private key (logon type key)"
              hint={connection.hasPrivateKey ? "A key is stored (••••); leave blank to keep it." : undefined}
            >
              <Textarea
                id="sftp-key"
                name="privateKey"
                spellCheck={false}
                placeholder={connection.hasPrivateKey ? "••••••••" : "-----BEGIN OPENSSH PRIVATE KEY-----"}
                className="min-h-20 font-mono text-xs md:text-xs"
              />
            </Field>
          </ConnectionFields>
          <input type="hidden" name="remotePath" value={connection.remotePath} />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="intent"
              value="test"
              aria-disabled={busy || undefined}
              onClick={(e) => busy && e.preventDefault()}
            >
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {busy ? "Testing…" : "Test"}
            </Button>
            <Button type="submit" name="intent" value="save" variant="outline" aria-disabled={busy || undefined}>
              Save
            </Button>
          </div>
        </fetcher.Form>
        {hostKey && !accepted ? (
          <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
            <p className="flex items-center gap-2 font-semibold">
              <KeyRound aria-hidden className="size-4" />
              {hostKey.status === "changed" ? "The server's host key has CHANGED" : "New host key"}
            </p>
            <p className="font-mono break-all">{hostKey.fingerprint}</p>
            <p>
              {hostKey.status === "changed"
                ? "The connection was refused. Only accept the new key after the supplier confirmed it."
                : "Compare it with the fingerprint the supplier gave you, then accept it."}
            </p>
            <keyFetcher.Form method="post" action="/admin/sftp">
              <input type="hidden" name="intent" value="accept-host-key" />
              <input type="hidden" name="fingerprint" value={hostKey.fingerprint} />
              <Button type="submit" variant="outline" size="sm">
                Accept host key
              </Button>
            </keyFetcher.Form>
          </div>
        ) : null}
        {answer && answer.intent !== "accept-host-key" && !busy ? (
          <p role="status" className={answer.ok ? "text-sm text-emerald-700" : "text-sm text-danger"}>
            {answer.title}
            {answer.description ? `: ${answer.description}` : ""}
          </p>
        ) : null}
      </Card>
      <SubTabs
        label="SFTP results"
        tabs={[
          { id: "logs", label: "Logs", content: <LogPane lines={logs} label="SFTP log" /> },
          {
            id: "files",
            label: "Retrieved files",
            content: <RetrievedFiles files={files} uploads={answer?.test?.fileUploads ?? []} />,
          },
        ]}
      />
    </section>
  );
}

function RetrievedFiles({ files, uploads }: { files: Props["files"]; uploads: SftpTestResult["fileUploads"] }) {
  const failed = uploads.filter((u) => !u.success);
  return (
    <div className="space-y-3">
      {failed.length ? (
        <ul className="space-y-1 text-sm text-danger">
          {failed.map((u) => (
            <li key={u.remotePath}>{`${u.remotePath}: ${u.error}`}</li>
          ))}
        </ul>
      ) : null}
      {files.length === 0 ? (
        <p className="text-sm text-muted">No files retrieved yet. Run "Test" to fetch the supplier's files.</p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line">
          {files.map((file) => (
            <li key={file.name} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-mono text-sm break-all">{file.name}</p>
                <p className="text-xs text-muted">
                  {`${formatFileSize(file.size)} · `}
                  <AdminTime value={file.modified} />
                </p>
              </div>
              <a
                href={`/admin/sftp/files/${encodeURIComponent(file.name)}`}
                download
                className={buttonVariants({ variant: "outline", size: "sm" })}
                aria-label={`Download ${file.name}`}
              >
                <Download aria-hidden />
                Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
