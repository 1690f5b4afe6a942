import { Badge } from "~/shared/ui/badge";
import { mailStateText, type MailStatus } from "./emails-query";

const VARIANT: Record<MailStatus, "default" | "warning" | "danger" | "muted"> = {
  sent: "default",
  pending: "warning",
  sending: "muted",
  failed: "danger",
};

/** A mail's state with its attempts: "Sent", "Waiting (2 failed attempts)", "Failed after 5 attempts". */
export function MailStateBadge({ status, attempts }: { status: MailStatus; attempts: number }) {
  return (
    <Badge variant={VARIANT[status]} className="whitespace-nowrap">
      {mailStateText(status, attempts)}
    </Badge>
  );
}
