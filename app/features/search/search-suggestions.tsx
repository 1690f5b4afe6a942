import { Loader2 } from "~/shared/ui/icons";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { cn } from "~/shared/ui/cn";
import { MIN_CHARS, type SuggestionsProps } from "./suggestions-contract";

/** Spec 2 §9: lookups start 300 ms after the last key and show at most 6 results (the API caps them). */
const DEBOUNCE_MS = 300;

type Suggestion = { artNo: number; shortDescription: string; brand: string };
/** The last answer, for the term it answers; a newer term means a lookup is under way. */
type Lookup = { term: string; results: Suggestion[] };

/**
 * The combobox's suggestion list: debounced lookups, the listbox and its keyboard handling.
 * Loaded on the shopper's first move towards the search box, so pages don't pay for it up front.
 */
export function SearchSuggestions({
  listId,
  term,
  expanded,
  active,
  setActive,
  close,
  setKeyHandler,
}: SuggestionsProps) {
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<Lookup | null>(null);

  const trimmed = term.trim();
  const wanted = trimmed.length >= MIN_CHARS ? trimmed : "";
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const res = await fetch(`/api/search-suggestions?q=${encodeURIComponent(wanted)}`, {
          signal: controller.signal,
        });
        const body = (await res.json()) as { results?: Suggestion[] };
        setLookup({ term: wanted, results: body.results ?? [] });
      } catch (error) {
        // Aborted because the shopper kept typing: the next lookup takes over.
        if (controller.signal.aborted) return;
        console.warn("Zoeksuggesties niet geladen", error);
        setLookup({ term: wanted, results: [] });
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  const answered = wanted !== "" && lookup?.term === wanted;
  const loading = wanted !== "" && !answered;
  const results = answered ? lookup.results : [];
  const showOptions = expanded && results.length > 0;

  function go(s: Suggestion) {
    close();
    void navigate(`/product/${s.artNo}`);
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      if (results.length) setActive((i) => (i + 1) % results.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
      return true;
    } else if (event.key === "Enter") {
      const chosen = showOptions && active >= 0 ? results[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
        return true;
      }
    }
    return false;
  }
  useEffect(() => setKeyHandler(onKey));

  return (
    <div
      className={cn(
        "absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border border-line bg-white text-ink shadow-lg",
        !expanded && "hidden",
      )}
    >
      <ul id={listId} role="listbox" aria-label="Zoeksuggesties" className={cn(!showOptions && "hidden")}>
        {results.map((s, index) => (
          <li
            key={s.artNo}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown would blur the input and close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(s)}
            onMouseMove={() => setActive(index)}
            className={cn("cursor-pointer px-4 py-2.5 text-sm", index === active && "bg-brand-50")}
          >
            <span className="block font-medium">{s.shortDescription}</span>
            <span className="block text-xs text-muted">{s.brand}</span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className={cn("px-4 py-3 text-sm text-muted", showOptions && "sr-only")}>
        {trimmed.length < MIN_CHARS ? (
          "Type minimaal 2 tekens om te zoeken"
        ) : loading ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Zoeken...
          </span>
        ) : results.length === 0 ? (
          "Geen producten gevonden"
        ) : (
          `${results.length} suggesties`
        )}
      </p>
    </div>
  );
}
