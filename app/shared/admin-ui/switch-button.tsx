import type { ComponentProps } from "react";
import { cn } from "~/shared/ui/cn";

/**
 * An on/off switch that is a submit button of its form: it posts `name` = the state it switches to
 * ("value" when off, "offValue" when on), so it works before JavaScript arrives. The admin's
 * maintenance mode, slide and coupon switches.
 */
export function SwitchButton({
  checked,
  onValue = "true",
  offValue = "false",
  className,
  ...props
}: Omit<ComponentProps<"button">, "role" | "type" | "value"> & {
  checked: boolean;
  onValue?: string;
  offValue?: string;
}) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={checked}
      {...props}
      value={checked ? offValue : onValue}
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors",
        checked ? "bg-accent-600" : "bg-slate-300",
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          "inline-block size-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-6" : "translate-x-1",
        )}
      />
    </button>
  );
}
