import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CartItem } from "~/domain/cart/cart";
import { postedItems } from "~/domain/cart/cart-edit";
import { COUPON_FIELDS, type CouponCheck } from "~/domain/coupons/coupon-check";
import { COUPON_MESSAGES, normaliseCouponCode } from "~/domain/coupons/coupon-rules";
import { formatEuro } from "~/domain/money/money";
import { toast } from "~/lib/toast";

/**
 * The coupon field (spec 1 §5, spec 2 §8 "Coupon"). Posts intent "coupon" with the code and the cart
 * (ArtNo and quantity only) to the action of the route it is rendered in; that action answers with
 * `checkCoupon` (coupon-check.server.ts). The parent gets every answer through `onResult` (its
 * `quote` has the coupon applied) and decides what to keep; `appliedCode` shows the applied state
 * with a button to take the coupon off again.
 */
export function CouponField({
  items,
  appliedCode,
  onResult,
  onRemove,
}: {
  items: readonly CartItem[];
  appliedCode?: string | null;
  onResult?: (check: CouponCheck) => void;
  onRemove?: () => void;
}) {
  const fetcher = useFetcher<CouponCheck>();
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const handled = useRef<CouponCheck | null>(null);
  const busy = fetcher.state !== "idle";
  const check = fetcher.data;

  useEffect(() => {
    if (!check || check.intent !== "coupon" || handled.current === check) return;
    handled.current = check;
    if (check.status === "applied") toast.success(check.title, { description: check.message });
    else toast.error(check.title, check.message ? { description: check.message } : undefined);
    onResult?.(check);
  }, [check, onResult]);

  const error = localError ?? (check && !busy ? refusal(check) : null);
  const messageId = `${id}-bericht`;

  if (appliedCode) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm">
        <p role="status" className="text-brand-900">
          Kortingscode <strong>{appliedCode}</strong> toegepast
          {check?.status === "applied" && check.code === appliedCode
            ? `: ${formatEuro(check.discountCents)} korting`
            : null}
        </p>
        {onRemove ? (
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onRemove}>
            Verwijderen
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        const code = normaliseCouponCode(String(new FormData(event.currentTarget).get(COUPON_FIELDS.code) ?? ""));
        if (!code) {
          event.preventDefault();
          setLocalError(COUPON_MESSAGES.empty);
          toast.error(COUPON_MESSAGES.empty);
          return;
        }
        setLocalError(null);
      }}
    >
      <input type="hidden" name={COUPON_FIELDS.intent} value="coupon" />
      <input type="hidden" name={COUPON_FIELDS.items} value={postedItems(items)} />
      <Label htmlFor={`${id}-code`}>Kortingscode</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          name={COUPON_FIELDS.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={() => setLocalError(null)}
        />
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          {busy ? "Bezig met controleren..." : "Toepassen"}
        </Button>
      </div>
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The inline text of a refused check: the toast's title and the rule's reason. */
function refusal(check: CouponCheck): string | null {
  if (check.status === "applied") return null;
  if (!check.message) return check.title;
  return check.status === "failed" ? `${check.title}. ${check.message}` : `${check.title}: ${check.message}`;
}
