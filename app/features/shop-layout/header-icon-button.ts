import { cn } from "~/shared/ui/cn";

/** The round icon buttons of the header (account, cart, menu), white over the hero banner. */
export function headerIconButtonClass(inverted: boolean, extra?: string) {
  return cn(
    "grid size-10 place-items-center rounded-full transition-colors",
    inverted ? "text-white hover:bg-white/15" : "text-ink hover:bg-brand-50",
    extra,
  );
}
