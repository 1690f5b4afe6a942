import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { cn } from "~/shared/ui/cn";
import { LINK_KIND_LABEL, matchingPages, type SlideLinkOption } from "./slide-link";

const SUGGESTIONS_PATH = "/admin/homepage/links";

/**
 * The slide button's link, chosen by name: a search field whose suggestions are the spec's fixed
 * pages, categories and products (GET /admin/homepage/links), a combobox in the ARIA sense (arrow
 * keys move, Enter picks, Escape closes). The choice is posted as `name` (its path); the server
 * checks it again (ADR 0038).
 */
export function LinkPicker({ name, label, initial }: { name: string; label: string; initial: SlideLinkOption | null }) {
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const [chosen, setChosen] = useState<SlideLinkOption | null>(initial);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useFetcher<{ options: SlideLinkOption[] }>();
  const term = query.trim();

  useEffect(() => {
    if (term.length < 2) return;
    const timer = setTimeout(() => search.load(`${SUGGESTIONS_PATH}?q=${encodeURIComponent(term)}`), 200);
    return () => clearTimeout(timer);
    // search.load is stable enough; the term alone decides when to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  const options = term.length < 2 ? matchingPages(term) : (search.data?.options ?? matchingPages(term));
  const loading = term.length >= 2 && search.state !== "idle";
  const shown = open ? options : [];
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));

  const pick = (option: SlideLinkOption) => {
    setChosen(option);
    setQuery("");
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="text-sm leading-none font-medium">
        {label}
      </label>
      <input type="hidden" name={name} value={chosen?.link ?? ""} />
      <div className="relative">
        <Input
          id={inputId}
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length > 0 ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={`${ids}-chosen`}
          autoComplete="off"
          placeholder="Search a page, category or product"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, options.length - 1));
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (event.key === "Enter") {
              // Enter picks the highlighted suggestion; it never sends the slide form from here.
              if (shown.length > 0) {
                event.preventDefault();
                pick(shown[activeIndex]!);
              } else if (open) event.preventDefault();
            } else if (event.key === "Escape" && open) {
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {shown.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-auto rounded-md border border-line bg-white py-1 text-sm shadow-lg"
          >
            {shown.map((option, i) => (
              <li
                key={option.link}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-2 px-3 py-2",
                  i === activeIndex && "bg-brand-50",
                )}
                // mousedown, not click: the field's blur (which closes the list) comes before click.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="min-w-0 truncate">{option.label}</span>
                <span className="shrink-0 text-xs text-muted">{LINK_KIND_LABEL[option.kind]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <ul id={listId} role="listbox" aria-label={label} hidden />
        )}
      </div>
      <div id={`${ids}-chosen`} className="flex min-h-9 flex-wrap items-center gap-2 text-sm" aria-live="polite">
        {chosen ? (
          <>
            <Badge variant="outline">{LINK_KIND_LABEL[chosen.kind]}</Badge>
            <span className="font-medium">{chosen.label}</span>
            <span className="font-mono text-xs text-muted">{chosen.link}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setChosen(null)}
              aria-label={`Remove link: ${chosen.label}`}
            >
              <X aria-hidden />
              Remove link
            </Button>
          </>
        ) : (
          <span className="text-muted">{loading ? "Searching…" : "No link chosen"}</span>
        )}
      </div>
    </div>
  );
}
