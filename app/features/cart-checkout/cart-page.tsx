import { ShoppingBag, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import type { CartItem } from "./cart-items";
import { applyQuote, postedItems, removeItem, updateQuantity } from "./cart-edit";
import { cartStore, useCartItems } from "./cart-store";
import { MAX_LINE_QUANTITY, type CartQuote, type QuoteLine } from "./quote";
import { useRootData } from "~/shared/page/root-data";
import { CartLine } from "./cart-line";
import { CartSummary } from "./cart-summary";
import { ConfirmDialog } from "~/shared/ui/confirm-dialog";

type QuoteResponse = { intent: "quote"; quote: CartQuote } | { intent: "quote-failed"; message: string };

export const REMOVE_QUESTION = "Weet je zeker dat je dit item uit je winkelwagen wilt verwijderen?";

/** True when the quote answers exactly the cart as it is now (same lines, same quantities). */
function answers(quote: CartQuote, items: readonly CartItem[]): boolean {
  return (
    quote.lines.length === items.length &&
    quote.lines.every(
      (l, i) => l.artNo === items[i]!.ArtNo && l.quantity === Math.min(MAX_LINE_QUANTITY, items[i]!.quantity),
    )
  );
}

/**
 * The cart page (spec 1 §2.12). The server renders the frame; after hydration the stored lines
 * (ArtNo and quantity only) go to this route's action and every price shown is the server's answer.
 */
export function CartPage() {
  const hydrated = useHydrated();
  const items = useCartItems();
  const viewer = useRootData()?.viewer ?? null;
  const fetcher = useFetcher<QuoteResponse>();
  const posted = postedItems(items);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<CartItem | null>(null);
  const removedRef = useRef(false);
  /** The minus button that asked: focus goes back to it when the shopper keeps the line. */
  const askedFromRef = useRef<HTMLElement | null>(null);

  const { submit } = fetcher;
  useEffect(() => {
    if (!hydrated || posted === "[]") return;
    void submit({ intent: "quote", items: posted }, { method: "post", action: "/cart" });
  }, [hydrated, posted, submit]);

  const answer = fetcher.data;
  const quote = answer?.intent === "quote" ? answer.quote : null;
  useEffect(() => {
    if (!quote) return;
    const current = cartStore.getItems();
    const next = applyQuote(current, quote.lines);
    if (next !== current) cartStore.set([...next]);
  }, [quote]);

  const current = quote != null && answers(quote, items);
  const busy = fetcher.state !== "idle" || !current;
  const lineOf = new Map<number, QuoteLine>(quote?.lines.map((l) => [l.artNo, l]) ?? []);
  const problems = current ? quote.lines.filter((l) => l.problem !== null).length : 0;

  const decrease = (item: CartItem) => {
    if (item.quantity > 1) {
      cartStore.set(updateQuantity(cartStore.getItems(), item.ArtNo, item.quantity - 1));
      return;
    }
    // Below 1 means removing: ask first (spec 1 §4).
    askedFromRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(item);
  };

  const remove = (artNo: number) => {
    cartStore.set(removeItem(cartStore.getItems(), artNo));
    headingRef.current?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
        Winkelwagen
      </h1>

      {!hydrated ? (
        <p role="status" className="mt-8 flex items-center gap-2 text-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Winkelwagen laden…
        </p>
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div className="flex flex-col gap-4">
            {!viewer ? <GuestNotice /> : null}
            {answer?.intent === "quote-failed" ? (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger"
              >
                <TriangleAlert aria-hidden className="size-5 shrink-0" />
                <p className="flex-1 text-sm">{answer.message}</p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void submit({ intent: "quote", items: posted }, { method: "post", action: "/cart" })}
                >
                  Opnieuw proberen
                </Button>
              </div>
            ) : null}
            <ul className="divide-y divide-line border-y border-line" aria-label="Artikelen in je winkelwagen">
              {items.map((item) => (
                <CartLine
                  key={item.ArtNo}
                  item={item}
                  line={lineOf.get(item.ArtNo) ?? null}
                  onIncrease={() => cartStore.set(updateQuantity(cartStore.getItems(), item.ArtNo, item.quantity + 1))}
                  onDecrease={() => decrease(item)}
                  onRemove={() => remove(item.ArtNo)}
                />
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Link to="/products" className="text-sm font-medium text-brand-700 underline underline-offset-4">
                Verder winkelen
              </Link>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-muted"
                onClick={() => {
                  cartStore.clear();
                  headingRef.current?.focus();
                }}
              >
                Winkelwagen legen
              </Button>
            </div>
          </div>

          <div className="lg:sticky lg:top-24">
            {quote ? (
              <CartSummary quote={quote} busy={busy}>
                <CheckoutButton ready={current && quote.sellable} problems={problems} />
              </CartSummary>
            ) : (
              <div aria-busy="true" className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-5">
                <h2 className="text-lg font-semibold">Overzicht</h2>
                <p role="status" className="flex items-center gap-2 text-sm text-muted">
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  Prijzen ophalen…
                </p>
              </div>
            )}
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={REMOVE_QUESTION}
        description={confirming ? confirming.name : undefined}
        confirmLabel="Verwijderen"
        onConfirm={() => {
          if (!confirming) return;
          removedRef.current = true;
          const artNo = confirming.ArtNo;
          cartStore.set(removeItem(cartStore.getItems(), artNo));
        }}
        onCloseAutoFocus={(event) => {
          // Kept: back to the minus button. Removed: the line is gone, continue from the heading.
          event.preventDefault();
          const target = removedRef.current ? headingRef.current : askedFromRef.current;
          removedRef.current = false;
          askedFromRef.current = null;
          target?.focus();
        }}
      />
    </div>
  );
}

function CheckoutButton({ ready, problems }: { ready: boolean; problems: number }) {
  if (ready)
    return (
      <Link to="/checkout" className={buttonVariants({ variant: "accent", size: "lg" }) + " w-full"}>
        Afrekenen
      </Link>
    );
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="accent"
        size="lg"
        className="w-full"
        disabled
        aria-describedby={problems > 0 ? "cart-checkout-blocked" : undefined}
      >
        Afrekenen
      </Button>
      {problems > 0 ? (
        <p id="cart-checkout-blocked" className="text-sm text-danger">
          {problems === 1
            ? "Eén artikel is niet leverbaar zoals het in je winkelwagen staat. Pas het aantal aan of verwijder het om af te rekenen."
            : `${problems} artikelen zijn niet leverbaar zoals ze in je winkelwagen staan. Pas de aantallen aan of verwijder ze om af te rekenen.`}
        </p>
      ) : null}
    </div>
  );
}

function GuestNotice() {
  return (
    <p className="rounded-lg border border-line bg-white p-4 text-sm text-ink">
      <Link to="/login?redirectTo=%2Fcart" className="font-medium text-brand-700 underline underline-offset-4">
        Log in
      </Link>{" "}
      om sneller af te rekenen met je opgeslagen gegevens en je bestellingen terug te zien. Je kunt ook als gast
      afrekenen.
    </p>
  );
}

function EmptyCart() {
  return (
    <div className="mt-8 flex flex-col items-center gap-3 rounded-lg border border-dashed border-line px-4 py-12 text-center">
      <ShoppingBag aria-hidden className="size-10 text-muted" />
      <h2 className="text-lg font-semibold">Je winkelwagen is leeg</h2>
      <p className="text-muted">Ontdek onze fietsonderdelen, onderhoudsmiddelen en sportvoeding.</p>
      <Link to="/products" className={buttonVariants({ variant: "default" })}>
        Bekijk alle producten
      </Link>
    </div>
  );
}
