import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { COUPON_FIELDS, type CouponCheck } from "./coupon-check";
import { COUPON_MESSAGES } from "~/features/coupons";
import { checkoutCouponCode } from "./checkout-schema";
import { dutchLine, specTitle } from "~/shared/language/spec-english";

/**
 * The side panel's coupon field: the code is trimmed and upper-cased, then the server prices the
 * cart with it. Only a code the server accepts is kept for the order. The answer (the spec's coupon
 * messages, spec 2 §8) shows right under the field, not as a toast: on a phone a toast covered it.
 */
export function CheckoutCoupon({
  itemsJson,
  applied,
  onApplied,
  onRemove,
}: {
  itemsJson: string;
  applied: { code: string; valid: boolean; message: string } | null;
  onApplied: (code: string) => void;
  onRemove: () => void;
}) {
  const fetcher = useFetcher<CouponCheck>();
  const [code, setCode] = useState("");
  const pending = useRef<string | null>(null);
  const busy = fetcher.state !== "idle";
  // "empty" is answered here; "sent" means the server's answer (or its absence) is what shows.
  const [asked, setAsked] = useState<"none" | "empty" | "sent">("none");
  const check = fetcher.data;
  const answer: { ok: boolean; title: string; message?: string } | null =
    asked === "empty"
      ? { ok: false, title: COUPON_MESSAGES.empty }
      : asked !== "sent" || busy
        ? null
        : !check || check.intent !== "coupon"
          ? { ok: false, title: COUPON_MESSAGES.failed }
          : check.status === "applied"
            ? { ok: true, title: check.title, message: check.message }
            : { ok: false, title: check.title, message: check.message || undefined };

  useEffect(() => {
    if (fetcher.state !== "idle" || pending.current === null) return;
    pending.current = null;
    if (fetcher.data?.intent === "coupon" && fetcher.data.status === "applied") onApplied(fetcher.data.code);
  }, [fetcher.state, fetcher.data, onApplied]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = checkoutCouponCode(code);
    if (!normalized) {
      setAsked("empty");
      return;
    }
    setAsked("sent");
    pending.current = normalized;
    void fetcher.submit(
      { [COUPON_FIELDS.intent]: "coupon", [COUPON_FIELDS.code]: normalized, [COUPON_FIELDS.items]: itemsJson },
      { method: "post" },
    );
  };

  return (
    <div className="space-y-3">
      {applied ? (
        <div
          className={
            applied.valid
              ? "flex items-center justify-between gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900"
              : "flex items-center justify-between gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-danger"
          }
        >
          <p className="min-w-0">
            <span className="font-semibold">{applied.code}</span>
            {applied.valid ? (
              // The field is new once a code applies (keyed by it): the answer stays here.
              <span role="status" className="block">
                {applied.message || "Kortingscode toegepast"}
              </span>
            ) : (
              <span className="block">{applied.message}</span>
            )}
          </p>
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            Verwijderen<span className="sr-only"> kortingscode {applied.code}</span>
          </Button>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-1.5">
        <Label htmlFor="checkout-coupon">Kortingscode</Label>
        <div className="flex gap-2">
          <Input
            id="checkout-coupon"
            name="couponCode"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={50}
            className="uppercase"
            aria-invalid={answer && !answer.ok ? true : undefined}
            aria-describedby="checkout-coupon-answer"
          />
          <Button type="submit" variant="outline" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? "Bezig…" : "Toepassen"}
          </Button>
        </div>
        <p
          id="checkout-coupon-answer"
          role="status"
          className={answer?.ok ? "text-sm text-brand-800" : "text-sm text-danger"}
        >
          {answer ? (
            <>
              <span className="font-semibold">{specTitle(answer.title)}</span>
              {dutchLine(answer.title, answer.message) ? (
                <span className="block">{dutchLine(answer.title, answer.message)}</span>
              ) : null}
            </>
          ) : null}
        </p>
      </form>
    </div>
  );
}
