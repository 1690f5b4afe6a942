import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** A side or bottom panel on Radix Dialog: focus trap, Escape and screen-reader semantics included. */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

export function SheetContent({
  side = "right",
  title,
  description,
  className,
  children,
  ...props
}: ComponentProps<typeof Dialog.Content> & {
  side?: "left" | "right" | "bottom";
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <Dialog.Content
        className={cn(
          "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl",
          side === "right" && "inset-y-0 right-0 w-[85vw] max-w-sm",
          side === "left" && "inset-y-0 left-0 w-[85vw] max-w-sm",
          side === "bottom" && "inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className="flex items-center justify-between">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Close className="rounded-md p-2 hover:bg-surface" aria-label="Sluiten">
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </div>
        {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
