import { Badge } from "~/shared/ui/badge";
import { orderStatusLabel, paymentStatusLabel, type StatusTone } from "./order-labels";

const BADGE_VARIANT: Record<StatusTone, "default" | "warning" | "danger" | "muted" | "outline"> = {
  success: "default",
  warning: "warning",
  info: "outline",
  danger: "danger",
  neutral: "muted",
};

const DOT_COLOUR: Record<StatusTone, string> = {
  success: "bg-emerald-500",
  warning: "bg-amber-400",
  info: "bg-sky-500",
  danger: "bg-red-500",
  neutral: "bg-slate-400",
};

/** Payment status as a badge: Betaald, Deels terugbetaald € X, Niet betaald, Terugbetaald or Onbekend. */
export function PaymentBadge({ status, refundedCents = 0 }: { status: string; refundedCents?: number }) {
  const { label, tone } = paymentStatusLabel(status, refundedCents);
  return <Badge variant={BADGE_VARIANT[tone]}>{label}</Badge>;
}

/** Order status as a coloured dot with its label (the colour only repeats what the text says). */
export function OrderStatusDot({ status }: { status: string }) {
  const { label, tone } = orderStatusLabel(status);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-ink">
      <span aria-hidden className={`size-2.5 shrink-0 rounded-full ${DOT_COLOUR[tone]}`} />
      {label}
    </span>
  );
}
