import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import { cn } from "~/shared/ui/cn";
import type { AdminActionResult } from "./admin-actions";

/**
 * An admin dialog opened by the URL (?slide=new, ?coupon=<id>, …), so the server draws it too and it
 * works without JavaScript; closing goes back to `closeTo`, the panel's plain list. A bottom sheet
 * on phones, a centred dialog from 640 px.
 */
export function UrlDialog({
  closeTo,
  title,
  description,
  children,
  wide,
  lang = "en",
}: {
  closeTo: string;
  /** The dialog is portalled out of the panel, so it states its own language. */
  lang?: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** 672 px (true) or 768 px ("extra") from 640 px up; else 448 px. */
  wide?: boolean | "extra";
}) {
  const navigate = useNavigate();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <Dialog.Content
        lang={lang}
        className={cn(
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[88vh] sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg",
          wide === "extra" ? "sm:max-w-3xl" : wide ? "sm:max-w-2xl" : "sm:max-w-md",
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
          <div>
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
          </div>
          <Link to={closeTo} preventScrollReset aria-label="Close" className="-m-1 rounded-md p-2 hover:bg-surface">
            <X aria-hidden className="size-5" />
          </Link>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Closes a URL dialog once its fetcher's answer is a success (the toast has shown it). */
export function useCloseOnSuccess(result: AdminActionResult | undefined, closeTo: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (result?.ok) void navigate(closeTo, { preventScrollReset: true });
  }, [result, navigate, closeTo]);
}

/**
 * A dialog form's Cancel and submit, kept in view at the bottom of the scrolling dialog so the submit
 * is always reachable; the submit shows its busy state while the form is sent.
 */
export function UrlDialogActions({
  closeTo,
  cancelLabel,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
}: {
  closeTo: string;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-line bg-white px-5 py-3">
      <Button asChild variant="outline">
        <Link to={closeTo} preventScrollReset>
          {cancelLabel}
        </Link>
      </Button>
      <Button type="submit" disabled={disabled || busy}>
        {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
