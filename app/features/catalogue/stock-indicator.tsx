import { stockStatus, type StockTone } from "./stock";
import { cn } from "~/shared/ui/cn";

// Kept apart from the product card: the product page shows the stock label and the placeholder
// image without loading the card (ADR 0006).
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

const toneClass: Record<StockTone, string> = {
  in: "text-brand-700",
  limited: "text-amber-700",
  low: "text-accent-700",
  out: "text-danger",
  unknown: "text-muted",
};

/** Stock label in its tone; `size="sm"` for the product page, the small default for product tiles. */
export function StockIndicator({
  quantity,
  size = "xs",
  className,
}: {
  quantity: number | null;
  size?: "xs" | "sm";
  className?: string;
}) {
  const { label, tone } = stockStatus(quantity);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 font-medium",
        size === "sm" ? "text-sm" : "text-xs",
        toneClass[tone],
        className,
      )}
    >
      <span aria-hidden className="size-2 rounded-full bg-current" />
      {label}
    </span>
  );
}
