import { Loader2, Search } from "~/shared/ui/icons";
import { useCallback, useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import { Form } from "react-router";
import { cn } from "~/shared/ui/cn";
import { MIN_CHARS, type KeyHandler, type SuggestionsProps } from "./suggestions-contract";

/**
 * ADR 0006: the suggestion list (lookups, listbox, keyboard choice) loads on the shopper's first
 * move towards a search box, so it isn't part of every page's JavaScript. One load serves every box.
 */
let suggestions: ComponentType<SuggestionsProps> | undefined;
let loading: Promise<ComponentType<SuggestionsProps>> | undefined;
function loadSuggestions() {
  loading ??= import("./search-suggestions").then((m) => (suggestions = m.SearchSuggestions));
  return loading;
}

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
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [Suggestions, setSuggestions] = useState(() => suggestions);
  const keyHandlerRef = useRef<KeyHandler>(null);
  const setKeyHandler = useCallback((handler: KeyHandler) => {
    keyHandlerRef.current = handler;
  }, []);
  const containerRef = useRef<HTMLDivElement>(null);

  function load() {
    if (!Suggestions) void loadSuggestions().then((component) => setSuggestions(() => component));
  }
  useEffect(() => {
    if (autoFocus) void loadSuggestions().then((component) => setSuggestions(() => component));
  }, [autoFocus]);

  const trimmed = term.trim();
  const expanded = open && trimmed.length > 0;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    load();
    if (keyHandlerRef.current?.(event)) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
    } else if (event.key === "Enter") {
      // Without a highlighted option Enter submits the form: the full results page.
      setOpen(false);
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
          // The list highlights an option only while it shows options (a new term resets it).
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={term}
          onChange={(e) => {
            // Text can arrive without a key or a focus event: dictation, pasting from a menu, or
            // typing before the page was ready (keepInputTypedBeforeHydration).
            load();
            setTerm(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onPointerEnter={load}
          onFocus={() => {
            load();
            setOpen(true);
          }}
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
        {Suggestions ? (
          <Suggestions
            listId={listId}
            term={term}
            expanded={expanded}
            active={active}
            setActive={setActive}
            close={() => {
              setOpen(false);
              setActive(-1);
            }}
            setKeyHandler={setKeyHandler}
          />
        ) : (
          // Until the list has loaded: the same (empty) list, and what it would say.
          <div
            className={cn(
              "absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border border-line bg-white text-ink shadow-lg",
              !expanded && "hidden",
            )}
          >
            <ul id={listId} role="listbox" aria-label="Zoeksuggesties" className="hidden" />
            <p role="status" aria-live="polite" className="px-4 py-3 text-sm text-muted">
              {trimmed.length < MIN_CHARS ? (
                "Type minimaal 2 tekens om te zoeken"
              ) : (
                <span className="inline-flex items-center gap-2">
                  <Loader2 className="size-4 animate-spin" aria-hidden /> Zoeken...
                </span>
              )}
            </p>
          </div>
        )}
      </div>
    </Form>
  );
}
