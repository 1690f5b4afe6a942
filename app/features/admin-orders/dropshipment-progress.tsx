import { cn } from "~/shared/ui/cn";
import { dropshipmentProgress, type StatusTone } from "~/features/shopper-orders/status";

const BAR_COLOUR: Record<StatusTone, string> = {
  success: "bg-emerald-500",
  warning: "bg-amber-400",
  info: "bg-sky-500",
  danger: "bg-red-500",
  neutral: "bg-slate-400",
};

/**
 * The supplier's progress on an order (spec 1 §4): pending 25 % "In afwachting", processing 50 %
 * "In behandeling", completed 100 % "Voltooid", failed 100 % "Mislukt", anything else 0 %. A real
 * progressbar for assistive technology, with the label as its value text.
 */
export function DropshipmentProgress({ status }: { status: string }) {
  const { label, tone, percent } = dropshipmentProgress(status);
  return (
    <div className="space-y-1.5" lang="nl">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id="dropshipment-progress-label" className="font-medium">
          Dropshipment
        </span>
        <span className={cn("font-semibold", tone === "danger" && "text-danger")}>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="dropshipment-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% ${label}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full", BAR_COLOUR[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
