import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "flex h-10 w-full rounded-md border border-line bg-white px-3 py-2 text-base placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-surface aria-invalid:border-danger md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
