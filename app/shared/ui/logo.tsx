import { cn } from "./cn";

/**
 * The Trapkracht word mark: a chainring and the name. Drawn in brand colours; over a hero banner
 * the header shows it in white (spec 1 §2.2). Real colours rather than a CSS filter, so contrast
 * checkers and forced-colour modes see what a shopper sees.
 */
export function Logo({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-8 shrink-0" focusable="false">
        <circle
          cx="16"
          cy="16"
          r="13"
          fill="none"
          stroke={inverted ? "#fff" : "#065f46"}
          strokeWidth="3"
          strokeDasharray="4 2.8"
        />
        <circle cx="16" cy="16" r="6" fill={inverted ? "#fff" : "#c2410c"} />
        <circle cx="16" cy="16" r="2" fill="#fff" />
      </svg>
      <span className={cn("text-xl font-extrabold tracking-tight", inverted ? "text-white" : "text-brand-700")}>
        Trap<span className={inverted ? undefined : "text-accent-600"}>kracht</span>
      </span>
    </span>
  );
}
