import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { PLACEHOLDER_IMAGE } from "~/features/catalogue";
import { Badge } from "~/shared/ui/badge";
import type { CartItem } from "./cart-items";
import { lineProblemText } from "./line-problem";
import { MAX_LINE_QUANTITY, type QuoteLine } from "./quote";
import { formatEuro } from "~/shared/money/money";

const stepButton =
  "inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-surface disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4";

/**
 * One cart line: what the server says about it (`line`; null until the first answer) over what the
 * browser stored (`item`, used only for the name while the server has not answered or no longer
 * sells the article). Money shown is always the server's.
 */
export function CartLine({
  item,
  line,
  onIncrease,
  onDecrease,
  onRemove,
}: {
  item: CartItem;
  line: QuoteLine | null;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}) {
  const name = line?.name || item.name || `Artikel ${item.ArtNo}`;
  const brand = line?.brand || item.Brand;
  const image = line?.image || item.image || PLACEHOLDER_IMAGE;
  const gone = line?.problem === "not-found";
  const onOffer = line?.originalPriceCents != null;
  const upToDate = line != null && line.quantity === item.quantity;
  const maxQuantity = Math.min(MAX_LINE_QUANTITY, line?.stockQuantity ?? MAX_LINE_QUANTITY);
  const problemId = `cart-line-${item.ArtNo}-probleem`;

  return (
    <li className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-3 py-5 sm:grid-cols-[6rem_1fr_auto]">
      <div className="relative row-span-2 size-20 overflow-hidden rounded-md border border-line bg-surface sm:row-span-1 sm:size-24">
        <img
          src={image}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-full object-contain p-1.5"
          data-fallback={PLACEHOLDER_IMAGE}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        {brand ? <p className="text-xs font-semibold tracking-wide text-muted uppercase">{brand}</p> : null}
        <h2 className="text-sm leading-snug font-medium text-ink sm:text-base">
          {gone ? (
            name
          ) : (
            <Link to={`/product/${item.ArtNo}`} className="hover:underline">
              {name}
            </Link>
          )}
        </h2>
        {onOffer ? (
          <Badge variant="offer" className="self-start">
            Aanbieding
          </Badge>
        ) : null}
        {line && !gone ? (
          <p className="flex flex-wrap items-baseline gap-2 text-sm">
            <span className={onOffer ? "font-semibold text-accent-700" : "font-semibold"}>
              <span className="sr-only">Prijs per stuk: </span>
              {formatEuro(line.unitPriceCents)}
            </span>
            {onOffer ? (
              <span className="text-xs text-muted line-through">
                <span className="sr-only">Van </span>
                {formatEuro(line.originalPriceCents!)}
              </span>
            ) : null}
          </p>
        ) : null}
        {line?.problem ? (
          <p id={problemId} className="text-sm font-medium text-danger">
            {lineProblemText(line.problem, line.stockQuantity)}
          </p>
        ) : null}
      </div>
      <div className="col-start-2 flex items-center justify-between gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end sm:justify-start">
        <div className="flex items-center rounded-md border border-line">
          <button type="button" className={stepButton} aria-label={`Verlaag aantal van ${name}`} onClick={onDecrease}>
            <Minus aria-hidden />
          </button>
          <span
            className="min-w-8 text-center text-sm font-semibold tabular-nums"
            aria-label={`Aantal: ${item.quantity}`}
          >
            {item.quantity}
          </span>
          <button
            type="button"
            className={stepButton}
            aria-label={`Verhoog aantal van ${name}`}
            aria-describedby={line?.problem ? problemId : undefined}
            disabled={gone || item.quantity >= maxQuantity}
            onClick={onIncrease}
          >
            <Plus aria-hidden />
          </button>
        </div>
        <div className="flex items-center gap-1">
          <p
            className={
              line?.problem
                ? "min-w-20 text-right text-muted tabular-nums line-through"
                : "min-w-20 text-right font-semibold tabular-nums"
            }
            aria-live="polite"
          >
            <span className="sr-only">Totaal voor deze regel: </span>
            {gone ? "–" : upToDate ? formatEuro(line.lineTotalCents) : "…"}
            {line?.problem && !gone ? <span className="sr-only"> (niet meegeteld)</span> : null}
          </p>
          <button
            type="button"
            className={stepButton + " text-muted hover:text-danger"}
            aria-label={`Verwijder ${name}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </button>
        </div>
      </div>
    </li>
  );
}
