import { Slider } from "radix-ui";
import { useState, type ComponentProps } from "react";
import { Input } from "~/shared/ui/input";
import { useHydrated } from "~/shared/hydration/use-hydrated";

/**
 * Two whole-euro inputs (filter_{id}_min / _max) inside the filter GET form. With JavaScript a
 * Radix slider drives them and submits when released; an untouched range sends empty inputs, so
 * submitting the form for another filter never adds a price filter by accident.
 */
export function PriceRange({
  filterTypeId,
  label,
  bounds,
  value,
  idPrefix,
  onCommit,
}: {
  filterTypeId: number;
  label: string;
  bounds: { min: number; max: number };
  value: { min: number; max: number } | null;
  idPrefix: string;
  onCommit?: () => void;
}) {
  const hydrated = useHydrated();
  const lowBound = Math.min(bounds.min, value?.min ?? bounds.min);
  const highBound = Math.max(bounds.max, value?.max ?? bounds.max);
  const initial: [number, number] = [value?.min ?? lowBound, value?.max ?? highBound];
  const key = `${initial[0]}-${initial[1]}-${lowBound}-${highBound}`;
  const [state, setState] = useState<{ key: string; range: [number, number] }>({ key, range: initial });
  // A new page (other filters, other category) brings new bounds: start from them again.
  const range = state.key === key ? state.range : initial;
  const setRange = (update: (r: [number, number]) => [number, number]) => setState({ key, range: update(range) });

  const touched = range[0] !== lowBound || range[1] !== highBound;
  const minId = `${idPrefix}-prijs-min`;
  const maxId = `${idPrefix}-prijs-max`;
  const inputProps = (which: 0 | 1) =>
    hydrated
      ? {
          value: touched ? String(range[which]) : "",
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
            const n = Number(e.target.value);
            if (e.target.value === "" || !Number.isFinite(n)) return;
            setRange((r) => (which === 0 ? [n, r[1]] : [r[0], n]));
          },
        }
      : { defaultValue: value ? String(which === 0 ? value.min : value.max) : "" };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      {hydrated ? (
        <Slider.Root
          className="relative flex h-5 w-full touch-none items-center select-none"
          min={lowBound}
          max={highBound}
          step={1}
          minStepsBetweenThumbs={0}
          value={range}
          onValueChange={(v) => setRange(() => [v[0] ?? lowBound, v[1] ?? highBound])}
          onValueCommit={() => onCommit?.()}
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-line">
            <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
          </Slider.Track>
          <Slider.Thumb
            aria-label="Minimumprijs"
            className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <Slider.Thumb
            aria-label="Maximumprijs"
            className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </Slider.Root>
      ) : null}
      <div className="flex items-end gap-2">
        <PriceInput
          id={minId}
          label="Min (€)"
          name={`filter_${filterTypeId}_min`}
          placeholder={lowBound}
          {...inputProps(0)}
        />
        <span aria-hidden className="pb-2 text-muted">
          –
        </span>
        <PriceInput
          id={maxId}
          label="Max (€)"
          name={`filter_${filterTypeId}_max`}
          placeholder={highBound}
          {...inputProps(1)}
        />
      </div>
    </fieldset>
  );
}

/** One bound of the price range: a whole-euro number input with its label. */
function PriceInput({
  id,
  label,
  placeholder,
  ...props
}: Omit<ComponentProps<typeof Input>, "placeholder"> & { id: string; label: string; placeholder: number }) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <Input id={id} type="number" inputMode="numeric" min={0} step={1} placeholder={String(placeholder)} {...props} />
    </div>
  );
}
