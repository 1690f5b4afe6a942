import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-32 w-full rounded-md border border-line bg-white px-3 py-2 text-base placeholder:text-slate-400 aria-invalid:border-danger md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
