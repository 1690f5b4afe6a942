import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { Textarea } from "~/shared/ui/textarea";
import { COMPANY, COMPANY_ADDRESS } from "~/features/content";
import { formatEuro } from "~/shared/money/money";
import { formatOrderDate } from "./order-labels";
import {
  remainingOf,
  WITHDRAWAL_TEXT,
  type WithdrawableItem,
  type WithdrawalWindow,
  WITHDRAWAL_REFUSAL,
} from "./withdrawal";

type WithdrawalEntry = {
  id: string;
  createdAt: Date;
  refundDueAt: Date;
  reason: string | null;
  lines: { orderItemId: number; productName: string; quantity: number }[];
};

const day = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Amsterdam",
});
const moment = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Amsterdam",
});
/** "24 november 2026 om 10:32", Dutch time: when a withdrawal was received. */
const at = (date: Date) => moment.format(date).replace(",", " om");

/**
 * The withdrawal in two steps (choose, then "Herroeping bevestigen"), plain forms so it works before
 * JavaScript; after it, what was received and what happens next. Earlier withdrawals stay listed.
 */
export function WithdrawalFlow({
  state,
  received,
  backTo,
  problem,
  review,
  fields,
}: {
  state: { orderId: string; window: WithdrawalWindow; items: WithdrawableItem[]; withdrawals: WithdrawalEntry[] };
  received: string | null;
  backTo: string;
  problem: string | null;
  review: { lines: { orderItemId: number; quantity: number }[]; reason: string } | null;
  fields: { [key: string]: string | undefined };
}) {
  const submitting = useNavigation().state === "submitting";
  const justReceived = received ? state.withdrawals.find((w) => w.id === received) : undefined;
  const left = state.items.filter((i) => remainingOf(i) > 0);
  const back = (
    <Link to={backTo} className="text-sm font-medium text-brand-700 underline">
      Terug naar je bestelling
    </Link>
  );

  return (
    <div className="not-prose space-y-6">
      {justReceived ? <Received withdrawal={justReceived} /> : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-danger">
          {problem}
        </p>
      ) : null}

      {!state.window.open ? (
        <p className="rounded-lg border border-line bg-surface p-4 text-sm">
          {WITHDRAWAL_REFUSAL[state.window.reason]}
          {state.window.endsAt ? ` (de bedenktijd liep tot ${formatOrderDate(state.window.endsAt)}).` : ""}
        </p>
      ) : left.length === 0 ? (
        justReceived ? null : (
          <p className="rounded-lg border border-line bg-surface p-4 text-sm">{WITHDRAWAL_TEXT.nothingLeft}</p>
        )
      ) : review ? (
        <section
          aria-labelledby="herroepen-controle"
          className="space-y-4 rounded-lg border border-line bg-white p-5 shadow-sm"
        >
          <h2 id="herroepen-controle" className="text-lg font-semibold">
            Stap 2 van 2: controleer je herroeping
          </h2>
          <ul className="divide-y divide-line text-sm">
            {review.lines.map((line) => {
              const item = state.items.find((i) => i.id === line.orderItemId)!;
              return (
                <li key={line.orderItemId} className="flex justify-between gap-4 py-2">
                  <span>
                    {item.productName} × {line.quantity}
                  </span>
                  <span className="tabular-nums">{formatEuro(item.priceCents * line.quantity)}</span>
                </li>
              );
            })}
          </ul>
          {review.reason ? <p className="text-sm">Je reden: {review.reason}</p> : null}
          <p className="text-sm text-muted">
            Na bevestigen stuur je de artikelen binnen 14 dagen terug naar {COMPANY.legalName}, {COMPANY_ADDRESS}. We
            betalen je binnen 14 dagen terug.
          </p>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            {review.lines.map((line) => (
              <input key={line.orderItemId} type="hidden" name={`qty-${line.orderItemId}`} value={line.quantity} />
            ))}
            <input type="hidden" name="reason" value={review.reason} />
            <Button type="submit" name="intent" value="confirm" disabled={submitting}>
              {submitting ? "Bezig…" : WITHDRAWAL_TEXT.confirm}
            </Button>
            <Link to="" className={buttonVariants({ variant: "outline" })}>
              Wijzigen
            </Link>
          </Form>
        </section>
      ) : (
        <section
          aria-labelledby="herroepen-keuze"
          className="space-y-4 rounded-lg border border-line bg-white p-5 shadow-sm"
        >
          <h2 id="herroepen-keuze" className="text-lg font-semibold">
            Stap 1 van 2: wat wil je herroepen?
          </h2>
          <p className="text-sm text-muted">
            Dat kan tot {formatOrderDate(state.window.endsAt)}. Staat alles op het aantal dat je hebt, dan herroep je de
            hele bestelling; zet op 0 wat je wilt houden.
          </p>
          <Form method="post" className="space-y-4">
            <ul className="list-none space-y-3 pl-0">
              {left.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3">
                  <Label htmlFor={`qty-${item.id}`} className="min-w-0 flex-1">
                    {item.productName}
                    <span className="block text-xs font-normal text-muted">
                      {remainingOf(item)} {remainingOf(item) === 1 ? "stuk" : "stuks"} · {formatEuro(item.priceCents)}{" "}
                      per stuk
                    </span>
                  </Label>
                  {/* The width on a wrapper: Input's own w-full would win over a w-24 passed to it (no tailwind-merge). */}
                  <div className="w-24 flex-none">
                    <Input
                      id={`qty-${item.id}`}
                      name={`qty-${item.id}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={remainingOf(item)}
                      defaultValue={fields[`qty-${item.id}`] ?? String(remainingOf(item))}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div>
              <Label htmlFor="herroepen-reden">Reden (niet verplicht)</Label>
              <Textarea id="herroepen-reden" name="reason" rows={3} maxLength={1000} defaultValue={fields.reason} />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" name="intent" value="review" disabled={submitting}>
                Doorgaan
              </Button>
              {back}
            </div>
          </Form>
        </section>
      )}

      {state.withdrawals.length > 0 ? (
        <section aria-labelledby="herroepen-eerder" className="space-y-2">
          <h2 id="herroepen-eerder" className="text-lg font-semibold">
            Herroepingen van deze bestelling
          </h2>
          <ul className="list-none space-y-2 pl-0 text-sm">
            {state.withdrawals.map((w) => (
              <li key={w.id} className="rounded-lg border border-line bg-white p-3">
                <p className="font-medium">Ontvangen {at(w.createdAt)}</p>
                <p className="text-muted">{w.lines.map((l) => `${l.productName} × ${l.quantity}`).join(", ")}</p>
                <p className="text-muted">Terugbetaling uiterlijk {day.format(w.refundDueAt)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {justReceived || !state.window.open || left.length === 0 ? back : null}
    </div>
  );
}

function Received({ withdrawal }: { withdrawal: WithdrawalEntry }) {
  return (
    <div role="status" className="space-y-2 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">We hebben je herroeping ontvangen op {at(withdrawal.createdAt)}.</p>
      <p>
        Je krijgt een bevestiging per e-mail. Stuur de artikelen binnen 14 dagen terug naar {COMPANY.legalName},{" "}
        {COMPANY_ADDRESS}, met je bestelnummer erbij. We betalen je uiterlijk {day.format(withdrawal.refundDueAt)}{" "}
        terug.
      </p>
    </div>
  );
}
