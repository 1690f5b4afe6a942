import { Check } from "lucide-react";
import { CHECKOUT_STEPS, type CheckoutStep } from "./checkout-schema";
import { cn } from "~/shared/ui/cn";

/** The progress bar of spec 1 §2.13: three labelled steps, the current one aria-current="step". */
export function CheckoutProgress({ step }: { step: CheckoutStep }) {
  return (
    <nav aria-label="Stappen van je bestelling">
      <ol className="grid grid-cols-3 gap-2">
        {CHECKOUT_STEPS.map((label, i) => {
          const n = (i + 1) as CheckoutStep;
          const done = n < step;
          const current = n === step;
          return (
            <li
              key={label}
              aria-current={current ? "step" : undefined}
              className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:text-left"
            >
              <span
                aria-hidden
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  done && "border-brand-700 bg-brand-700 text-white",
                  current && "border-brand-700 bg-white text-brand-700",
                  !done && !current && "border-line bg-white text-muted",
                )}
              >
                {done ? <Check className="size-4" /> : n}
              </span>
              <span
                className={cn(
                  "text-xs leading-tight sm:text-sm",
                  current ? "font-semibold text-ink" : done ? "text-ink" : "text-muted",
                )}
              >
                {label}
                <span className="sr-only">{done ? " (voltooid)" : current ? " (huidige stap)" : ""}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-line" aria-hidden>
        <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${(step / 3) * 100}%` }} />
      </div>
    </nav>
  );
}
