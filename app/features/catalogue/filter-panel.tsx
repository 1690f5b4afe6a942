import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/shared/ui/button";
import { Sheet, SheetContent, SheetTrigger } from "~/shared/ui/sheet";
import { FACET_COUNT_CAP } from "./facet-caps";
import type { Facet, PriceBounds } from "./listing-types";
import { isPagingKey, type ListingParams, serializeListingParams } from "./listing-params";
import { fieldsOf, HiddenFields } from "./hidden-fields";
import { PriceRange } from "./price-range";
import { SyncedChoice } from "./synced-choice";
import { useHydrated } from "~/shared/hydration/use-hydrated";

export type FilterPanelProps = {
  /** The page the form submits to (GET), e.g. "/products". */
  action: string;
  params: ListingParams;
  facets: Facet[];
  priceBounds: PriceBounds;
  priceFilter: { min: number; max: number } | null;
  /** Also keep these query keys (page-specific state such as the quiz). */
  keepFields?: [string, string][];
  /** Query keys the extra controls set themselves, so they are not also sent as hidden fields. */
  ownKeys?: string[];
  /** More controls inside the same form (sportvoeding's stock order). */
  extra?: ReactNode;
};

/**
 * The filter form: checkboxes (multi-select), radios (select) and a price range. It is a plain GET
 * form, so it works without JavaScript (a "Filters toepassen" button); with JavaScript every change
 * submits at once. The server folds the form's repeated keys into the canonical comma-list URL.
 */
export function FilterForm({
  action,
  params,
  facets,
  priceBounds,
  priceFilter,
  keepFields = [],
  ownKeys = [],
  extra,
  idPrefix,
  stickySubmit = false,
}: FilterPanelProps & {
  idPrefix: string;
  /** In the phone's filter sheet the button stays in view at the bottom while the filters scroll. */
  stickySubmit?: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === action;
  const submitNow = () => {
    // Wait a frame so the inputs show the slider's last value before the form is read.
    requestAnimationFrame(() => {
      if (formRef.current) void submit(formRef.current, { preventScrollReset: true });
    });
  };
  // Filters start a fresh listing: page is dropped; the sort order, category, search and tags stay.
  const hidden = fieldsOf(
    serializeListingParams(params),
    (key) => key.startsWith("filter_") || isPagingKey(key) || ownKeys.includes(key),
  );

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      preventScrollReset
      aria-busy={busy}
      className="space-y-6"
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.type === "checkbox" || target.type === "radio") submitNow();
      }}
    >
      <HiddenFields fields={[...hidden, ...keepFields]} />
      {/* Said once, above the filters it applies to, rather than under each of them. */}
      {facets.some((facet) => facet.capped) ? (
        <p className="text-xs text-muted">
          {params.q
            ? `Bij zoekopdrachten met veel resultaten tellen we per filter een deel van de producten; een + betekent "minstens".`
            : `In deze grote categorie tellen we per filter tot ${FACET_COUNT_CAP.toLocaleString("nl-NL")} producten; een + betekent "minstens".`}
        </p>
      ) : null}
      {facets.map((facet) =>
        facet.name === "price_range" ? (
          <PriceRange
            key={facet.id}
            filterTypeId={facet.id}
            label={facet.displayName}
            bounds={priceBounds}
            value={priceFilter}
            idPrefix={`${idPrefix}-${facet.id}`}
            onCommit={submitNow}
          />
        ) : facet.values.length ? (
          <fieldset key={facet.id}>
            <legend className="mb-2 text-sm font-semibold">{facet.displayName}</legend>
            <ul className="max-h-72 space-y-1 overflow-y-auto pr-1">
              {facet.kind === "select" ? (
                <li>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface">
                    <SyncedChoice
                      type="radio"
                      name={`filter_${facet.id}`}
                      value=""
                      checked={!facet.values.some((v) => v.selected)}
                      className="size-4 accent-brand-700"
                    />
                    <span>Alle</span>
                  </label>
                </li>
              ) : null}
              {facet.values.map((option) => (
                <li key={option.value}>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface">
                    <SyncedChoice
                      type={facet.kind === "select" ? "radio" : "checkbox"}
                      name={`filter_${facet.id}`}
                      value={option.value}
                      checked={option.selected}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    <span className="flex-1 break-words">{option.value}</span>
                    <FacetCount count={option.count} atLeast={option.atLeast ?? false} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null,
      )}
      {extra}
      {/* Without JavaScript nothing submits on change; with it, only the price inputs need Enter. */}
      <div className={stickySubmit ? "sticky bottom-0 -mx-5 -mb-5 border-t border-line bg-white px-5 py-3" : undefined}>
        <Button type="submit" variant={hydrated && !stickySubmit ? "outline" : "default"} className="w-full">
          Filters toepassen
        </Button>
      </div>
    </Form>
  );
}

/**
 * Desktop: the form in a sidebar. Mobile: a "Filters" button opening the sheet with the same form;
 * before JavaScript runs, a <details> disclosure does that job.
 */
export function FilterPanel(props: FilterPanelProps & { activeCount: number }) {
  const hydrated = useHydrated();
  const { activeCount, ...formProps } = props;
  const label = activeCount ? `Filters (${activeCount})` : "Filters";
  return (
    <>
      <aside aria-labelledby="filters-kop" className="hidden w-64 shrink-0 md:block">
        <h2 id="filters-kop" className="mb-4 text-lg font-semibold">
          Filters
        </h2>
        <FilterForm {...formProps} idPrefix="zijbalk" />
      </aside>
      <div className="md:hidden">
        {hydrated ? (
          <Sheet>
            <SheetTrigger asChild>
              <Button variant="outline" className="w-full">
                <SlidersHorizontal aria-hidden />
                {label}
              </Button>
            </SheetTrigger>
            <SheetContent side="left" title="Filters">
              <FilterForm {...formProps} idPrefix="paneel" stickySubmit />
            </SheetContent>
          </Sheet>
        ) : (
          // Same 40 px box as the hydrated button, so the page does not jump when JavaScript arrives.
          <details className="rounded-md border border-line">
            <summary className="flex h-[38px] cursor-pointer items-center justify-center gap-2 px-4 text-sm font-medium">
              <SlidersHorizontal aria-hidden className="size-4" />
              {label}
            </summary>
            <div className="border-t border-line p-3">
              <FilterForm {...formProps} idPrefix="paneel" />
            </div>
          </details>
        )}
      </div>
    </>
  );
}

/**
 * A value's product count. A capped count (a huge category) is a lower bound, "(250+)"; a value the
 * capped count did not reach shows none, rather than a misleading 0.
 */
function FacetCount({ count, atLeast }: { count: number; atLeast: boolean }) {
  if (atLeast && count === 0) return null;
  const shown = count.toLocaleString("nl-NL");
  return (
    <span className="text-xs text-muted" aria-label={atLeast ? `minstens ${shown} producten` : `${shown} producten`}>
      {atLeast ? `(${shown}+)` : `(${shown})`}
    </span>
  );
}
