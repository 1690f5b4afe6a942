import { cn } from "~/lib/cn";

/**
 * The Trapkracht word mark: a chainring and the name. Drawn in brand colours; over a hero banner
 * the header inverts it to white (spec 1 §2.2), which `brightness-0 invert` does for any artwork.
 */
export function Logo({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-2 transition-[filter]", inverted && "brightness-0 invert", className)}
    >
      <svg viewBox="0 0 32 32" aria-hidden className="size-8 shrink-0" focusable="false">
        <circle cx="16" cy="16" r="13" fill="none" stroke="#065f46" strokeWidth="3" strokeDasharray="4 2.8" />
        <circle cx="16" cy="16" r="6" fill="#ea580c" />
        <circle cx="16" cy="16" r="2" fill="#fff" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-brand-700">
        Trap<span className="text-accent-600">kracht</span>
      </span>
    </span>
  );
}
