import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { COUPON_FIELDS, type CouponCheck } from "~/domain/coupons/coupon-check";
import { COUPON_MESSAGES } from "~/domain/coupons/coupon-rules";
import { checkoutCouponCode } from "~/domain/checkout/checkout-schema";
import { toast } from "~/lib/toast";

/**
 * The side panel's coupon field: the code is trimmed and upper-cased, then the server prices the
 * cart with it (spec 2 §8 Coupon toasts). Only a code the server accepts is kept for the order.
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

  useEffect(() => {
    if (fetcher.state !== "idle" || pending.current === null) return;
    pending.current = null;
    const check = fetcher.data;
    if (!check || check.intent !== "coupon") {
      toast.error(COUPON_MESSAGES.failed, { id: "kortingscode" });
    } else if (check.status === "applied") {
      toast.success(check.title, { description: check.message, id: "kortingscode" });
      onApplied(check.code);
    } else {
      toast.error(check.title, { description: check.message || undefined, id: "kortingscode" });
    }
  }, [fetcher.state, fetcher.data, onApplied]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = checkoutCouponCode(code);
    if (!normalized) {
      toast.error(COUPON_MESSAGES.empty, { id: "kortingscode" });
      return;
    }
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
            {applied.valid ? null : <span className="block">{applied.message}</span>}
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
          />
          <Button type="submit" variant="outline" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? "Bezig…" : "Toepassen"}
          </Button>
        </div>
      </form>
    </div>
  );
}
