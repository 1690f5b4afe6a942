import type { ComponentProps } from "react";
import { cn } from "./cn";

const VARIANTS = {
  default: "bg-brand-100 text-brand-800",
  offer: "bg-accent-600 text-white",
  outline: "border border-line text-ink",
  danger: "bg-red-100 text-danger",
  warning: "bg-amber-100 text-amber-900",
  muted: "bg-slate-100 text-muted",
};

export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS | null }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        variant && VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
