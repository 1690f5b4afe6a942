import { Loader2, Search } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, useNavigate } from "react-router";
import { cn } from "~/lib/cn";

/** Spec 2 §9: lookups start at 2 characters, 300 ms after the last key, and show at most 6 results. */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

type Suggestion = { artNo: number; shortDescription: string; brand: string };
/** The last answer, for the term it answers; a newer term means a lookup is under way. */
type Lookup = { term: string; results: Suggestion[] };

/**
 * The header search: an ARIA 1.2 combobox over a GET form to /products?q=…, so without
 * JavaScript it is a plain search form, and with it a suggestion list you can use by keyboard.
 */
export function SearchBox({
  className,
  inverted = false,
  autoFocus = false,
}: {
  className?: string;
  inverted?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

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
  const expanded = open && trimmed.length > 0;
  const showOptions = expanded && results.length > 0;

  function go(s: Suggestion) {
    setOpen(false);
    setActive(-1);
    void navigate(`/product/${s.artNo}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (results.length) setActive((i) => (i + 1) % results.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      const chosen = showOptions && active >= 0 ? results[active] : undefined;
      // Without a highlighted option Enter submits the form: the full results page.
      if (chosen) {
        event.preventDefault();
        go(chosen);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (term) {
        setTerm("");
      }
    }
  }

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      className={cn("relative", className)}
      onSubmit={() => setOpen(false)}
    >
      <div ref={containerRef} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Zoek producten
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder="Zoek producten..."
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showOptions && active >= 0 ? `${listId}-${active}` : undefined}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            // Keep the list while focus moves within the box (e.g. to the submit button).
            if (!containerRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            "h-10 w-full rounded-full border py-2 pr-10 pl-4 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-0",
            inverted
              ? "border-white/40 bg-white/15 text-white placeholder:text-white/80"
              : "border-line bg-surface text-ink placeholder:text-muted",
          )}
        />
        <button
          type="submit"
          aria-label="Zoeken"
          className={cn(
            "absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full",
            inverted ? "text-white hover:bg-white/20" : "text-muted hover:bg-line",
          )}
        >
          <Search className="size-4" aria-hidden />
        </button>
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
      </div>
    </Form>
  );
}
