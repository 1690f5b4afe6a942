import { useFetcher } from "react-router";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { Badge } from "~/shared/ui/badge";
import { Button } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import { cn } from "~/shared/ui/cn";
import type { MailState } from "./timeline-entry";
import type { TimelineItemView, TimelineTone } from "./timeline-view";

const DOT: Record<TimelineTone, string> = {
  neutral: "bg-slate-400",
  good: "bg-emerald-500",
  warn: "bg-amber-400",
  bad: "bg-red-500",
};

const MAIL_BADGE: Record<MailState, "default" | "warning" | "danger" | "muted"> = {
  sent: "default",
  waiting: "warning",
  sending: "muted",
  failed: "danger",
};

/**
 * The order's timeline (issue 28): payments, refunds, withdrawals, dropshipment attempts, admin
 * changes and every mail with its state, oldest first. A mail can be sent again from here; the
 * copy appears as a new waiting mail when the page reloads its data.
 */
export function OrderTimeline({ entries, action }: { entries: TimelineItemView[]; action: string }) {
  return (
    <section aria-labelledby="order-timeline-heading" className="space-y-2">
      <h3 id="order-timeline-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Timeline
      </h3>
      <ol aria-label="Order timeline" className="relative space-y-3 border-l border-line pl-4 text-sm">
        {entries.map((entry) => (
          <li key={entry.key} className="relative">
            <span
              aria-hidden
              className={cn("absolute top-1.5 -left-[21px] size-2.5 rounded-full ring-2 ring-white", DOT[entry.tone])}
            />
            <p className="flex flex-wrap items-baseline gap-x-2">
              <time dateTime={entry.at.iso} className="text-muted tabular-nums">
                {entry.at.text}
              </time>
              <span className="font-medium break-words">{entry.title}</span>
              {entry.by ? <span className="text-muted">{`by ${entry.by}`}</span> : null}
            </p>
            {entry.details.map((line) => (
              <p key={line} className="break-words text-muted">
                {line}
              </p>
            ))}
            {entry.mail ? <MailLine mail={entry.mail} action={action} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function MailLine({ mail, action }: { mail: NonNullable<TimelineItemView["mail"]>; action: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <Badge variant={MAIL_BADGE[mail.state]}>{mail.stateText}</Badge>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="resend-mail" />
        <input type="hidden" name="outboxId" value={mail.outboxId} />
        <Button
          type="submit"
          variant="outline"
          size={null}
          className="h-8 px-2.5 text-xs"
          aria-label={`Resend mail #${mail.outboxId} to ${mail.to}`}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {busy ? "Resending…" : "Resend"}
        </Button>
      </fetcher.Form>
      {mail.error ? <p className="w-full break-words text-danger">{mail.error}</p> : null}
    </div>
  );
}
