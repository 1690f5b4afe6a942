import { useId, useState, type ReactNode } from "react";
import { Input } from "~/shared/ui/input";
import type { LogLine } from "./logs";
import type { PublicConnection } from "./types";
import { cn } from "~/shared/ui/cn";
import { AdminTime } from "~/shared/dates/admin-time";

/** A log pane (spec 2 §9: 300 px high), each step with its time. */
export function LogPane({ lines, label }: { lines: readonly LogLine[]; label: string }) {
  return (
    <div
      role="log"
      aria-label={label}
      tabIndex={0}
      className="h-[300px] overflow-auto rounded-md border border-line bg-slate-950 p-3 font-mono text-xs text-slate-100"
    >
      {lines.length === 0 ? <p className="text-slate-400">No log lines yet.</p> : null}
      <ol className="space-y-0.5">
        {lines.map((line, index) => (
          <li key={index} className={cn("break-words", line.level === "error" && "text-red-300")}>
            <AdminTime value={line.at} show="time" seconds className="mr-2 text-slate-400" />
            {line.message}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Simple accessible sub-tabs (buttons with aria-selected; panels always rendered, hidden when not current). */
export function SubTabs({ tabs, label }: { tabs: { id: string; label: string; content: ReactNode }[]; label: string }) {
  const [current, setCurrent] = useState(tabs[0]!.id);
  const id = useId();
  return (
    <div className="space-y-3">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${id}-${tab.id}-tab`}
            aria-selected={current === tab.id}
            aria-controls={`${id}-${tab.id}`}
            onClick={() => setCurrent(tab.id)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              current === tab.id ? "border-brand text-ink" : "border-transparent text-muted hover:text-ink",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-${tab.id}`}
          aria-labelledby={`${id}-${tab.id}-tab`}
          hidden={current !== tab.id}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

/** Host, port (digits only), user and password; the stored password is never sent back. */
export function ConnectionFields({
  connection,
  prefix,
  children,
}: {
  connection: PublicConnection;
  prefix: string;
  children?: ReactNode;
}) {
  const [port, setPort] = useState(String(connection.port || ""));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${prefix}-host`} label="Host">
        <Input id={`${prefix}-host`} name="host" defaultValue={connection.host} autoComplete="off" maxLength={253} />
      </Field>
      <Field id={`${prefix}-port`} label="Port">
        <Input
          id={`${prefix}-port`}
          name="port"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={5}
          value={port}
          onChange={(e) => setPort(e.target.value.replace(/\D/g, ""))}
          autoComplete="off"
        />
      </Field>
      <Field id={`${prefix}-user`} label="User">
        <Input id={`${prefix}-user`} name="user" defaultValue={connection.user} autoComplete="off" maxLength={128} />
      </Field>
      <Field
        id={`${prefix}-password`}
        label="Password"
        hint={connection.hasPassword ? "A password is stored (••••); leave blank to keep it." : undefined}
      >
        <Input
          id={`${prefix}-password`}
          name="password"
          type="password"
          placeholder={connection.hasPassword ? "••••••••" : ""}
          autoComplete="new-password"
          aria-describedby={connection.hasPassword ? `${prefix}-password-hint` : undefined}
        />
      </Field>
      {children}
    </div>
  );
}

export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
