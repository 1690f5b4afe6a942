import { ChevronLeft, ChevronRight } from "~/shared/ui/icons";
import { useRef, useState, useSyncExternalStore } from "react";
import { PLACEHOLDER_IMAGE } from "./stock-indicator";
import { cn } from "~/shared/ui/cn";

/**
 * Product images as a horizontally scrolling, snap-aligned list. Without JavaScript it is a plain
 * swipeable list whose thumbnails are anchors; once hydrated, prev/next buttons appear and the
 * thumbnails show which image is in view. Scrolling stays native, so touch swiping just works.
 */
const noopSubscribe = () => () => {};

export function ImageCarousel({ images, name }: { images: string[]; name: string }) {
  const list = images.length ? images : [PLACEHOLDER_IMAGE];
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // false in the server HTML and during hydration, true after: the buttons only exist when they work.
  const hydrated = useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );

  const slideId = (i: number) => `productafbeelding-${i + 1}`;
  const multiple = list.length > 1;

  function show(index: number) {
    const track = trackRef.current;
    if (!track) return;
    const next = (index + list.length) % list.length;
    track.scrollTo({ left: next * track.clientWidth, behavior: "smooth" });
    setCurrent(next);
  }

  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  }

  return (
    <section aria-roledescription="carousel" aria-label={`Afbeeldingen van ${name}`} className="space-y-3">
      <div className="relative">
        {/* Slides are groups (WAI carousel pattern), so the track is a div: a list may hold only items. */}
        {/* Focusable, so a keyboard can scroll the pictures too (arrow keys), not only a pointer. */}
        <div
          ref={trackRef}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label="Afbeeldingen, scroll opzij"
          className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth rounded-xl border border-line bg-white [scrollbar-width:none] focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          {list.map((src, i) => (
            <div
              key={`${src}-${i}`}
              id={slideId(i)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} van ${list.length}`}
              className="aspect-square w-full shrink-0 snap-center"
            >
              <img
                src={src}
                alt={i === 0 ? name : `${name}, afbeelding ${i + 1}`}
                width={800}
                height={800}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                decoding="async"
                data-fallback={PLACEHOLDER_IMAGE}
                className="size-full object-contain p-4"
              />
            </div>
          ))}
        </div>
        {hydrated && multiple ? (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Vorige afbeelding"
              aria-controls={slideId(current)}
              className="absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full border border-line bg-white/90 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Volgende afbeelding"
              className="absolute top-1/2 right-2 grid size-10 -translate-y-1/2 place-items-center rounded-full border border-line bg-white/90 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
            <p aria-live="polite" className="sr-only">
              Afbeelding {current + 1} van {list.length}
            </p>
          </>
        ) : null}
      </div>
      {multiple ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Miniaturen">
          {list.map((src, i) => (
            <li key={`${src}-${i}`} className="shrink-0">
              <a
                href={`#${slideId(i)}`}
                onClick={(e) => {
                  e.preventDefault();
                  show(i);
                }}
                aria-label={`Toon afbeelding ${i + 1}`}
                aria-current={hydrated && i === current ? "true" : undefined}
                className={cn(
                  "block size-16 overflow-hidden rounded-md border-2 bg-white",
                  hydrated && i === current ? "border-brand-600" : "border-line hover:border-brand-600/50",
                )}
              >
                <img
                  src={src}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  data-fallback={PLACEHOLDER_IMAGE}
                  className="size-full object-contain p-1"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
