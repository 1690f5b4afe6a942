import { Bell } from "~/shared/ui/icons";
import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import type { StockAlertActionData } from "./stock-alert-schema";

/** "Mail me als het weer leverbaar is" under a sold-out product; the answer shows next to the field. */
export function StockAlertForm({ artNo }: { artNo: number }) {
  const fetcher = useFetcher<StockAlertActionData>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const emailError = answer && !answer.ok && answer.field === "email";
  return (
    // The product cards of a sold-out product link here (#voorraadmelding).
    <section
      id="voorraadmelding"
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Bell aria-hidden className="size-4 text-brand-700" />
        Mail me als het weer leverbaar is
      </h2>
      {answer?.ok ? (
        <p role="status" className="mt-2 text-sm text-brand-900">
          {answer.message}
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action="/voorraadmelding"
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="artNo" value={artNo} />
          <div className="flex-1">
            <Label htmlFor={`${id}-email`}>Je e-mailadres</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              aria-invalid={emailError || undefined}
              aria-describedby={answer && !answer.ok ? `${id}-answer` : undefined}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Bezig…" : "Mail me"}
          </Button>
        </fetcher.Form>
      )}
      {answer && !answer.ok ? (
        <p id={`${id}-answer`} role="alert" className="mt-2 text-sm text-danger">
          {answer.message}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-muted">Je krijgt één mail, na een bevestiging. Geen account nodig.</p>
    </section>
  );
}
