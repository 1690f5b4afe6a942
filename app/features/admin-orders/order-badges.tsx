import { Badge } from "~/shared/ui/badge";
import { dropshipmentProgress, type StatusTone } from "~/features/shopper-orders/status";

const TONE_VARIANT: Record<StatusTone, "default" | "warning" | "danger" | "muted" | "outline"> = {
  success: "default",
  warning: "warning",
  info: "outline",
  danger: "danger",
  neutral: "muted",
};

/** The supplier's progress: In afwachting, In behandeling, Voltooid, or Mislukt in red. */
export function DropshipmentBadge({ status }: { status: string }) {
  const { label, tone } = dropshipmentProgress(status);
  return <Badge variant={TONE_VARIANT[tone]}>{label}</Badge>;
}

export type WithdrawalDue = {
  iso: string;
  /** The deadline's day in Amsterdam, "11 dec". */
  day: string;
  overdue: boolean;
};

/** "Herroepen — terugbetalen vóór 11 dec": a withdrawal whose money is still owed (red once late). */
export function WithdrawalBadge({ due }: { due: WithdrawalDue }) {
  // Not a Badge: it wraps after "terugbetalen" in a narrow column (a block, not Badge's inline-flex)
  // rather than widening the whole table.
  return (
    <span
      className={`block w-fit max-w-48 rounded-xl px-2.5 py-0.5 text-xs leading-snug font-semibold whitespace-normal ${
        due.overdue ? "bg-red-100 text-danger" : "bg-amber-100 text-amber-900"
      }`}
    >
      Herroepen — terugbetalen vóór&nbsp;<time dateTime={due.iso}>{due.day}</time>
      {due.overdue ? " (te laat)" : null}
    </span>
  );
}
