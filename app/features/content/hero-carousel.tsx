import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { CarouselSlide } from "~/features/carousel";
import { cn } from "~/shared/ui/cn";

const ROTATE_MS = 7000;

/**
 * The home-page hero: full-width slides following the WAI-ARIA carousel pattern. Without
 * JavaScript the first slide shows; with it, slides rotate until the shopper hovers, focuses or
 * presses pause, and never when the system asks for reduced motion.
 */
export function HeroCarousel({ slides }: { slides: CarouselSlide[] }) {
  const [index, setIndex] = useState(0);
  // The shopper's choice; rotation also needs hydration and no reduced-motion preference.
  const [wantsPlay, setWantsPlay] = useState(true);
  const reduceMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const count = slides.length;

  const playing = wantsPlay && !reduceMotion;
  const rotating = playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const go = useCallback((delta: number) => setIndex((i) => (i + delta + count) % count), [count]);

  if (count === 0) return <FallbackHero />;

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label="Uitgelicht"
      className="relative isolate overflow-hidden bg-brand-900 text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div aria-live={rotating ? "off" : "polite"} className="relative">
        {slides.map((slide, i) => (
          <Slide key={slide.id} slide={slide} position={i + 1} total={count} active={i === index} first={i === 0} />
        ))}
      </div>

      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-4 z-10 mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 sm:bottom-6 sm:px-6">
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => setWantsPlay(!playing)}
              className="grid size-10 place-items-center rounded-full bg-black/35 backdrop-blur transition hover:bg-black/55"
              aria-label={playing ? "Automatisch wisselen stoppen" : "Automatisch wisselen starten"}
            >
              {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            </button>
            <div className="flex items-center gap-1.5" role="group" aria-label="Kies een slide">
              {slides.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? "true" : undefined}
                  className="grid size-6 place-items-center"
                >
                  <span
                    aria-hidden
                    className={cn(
                      "block h-2 rounded-full bg-white transition-all",
                      i === index ? "w-6 opacity-100" : "w-2 opacity-60",
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Vorige slide"
              className="grid size-10 place-items-center rounded-full bg-black/35 backdrop-blur transition hover:bg-black/55"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Volgende slide"
              className="grid size-10 place-items-center rounded-full bg-black/35 backdrop-blur transition hover:bg-black/55"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Slide({
  slide,
  position,
  total,
  active,
  first,
}: {
  slide: CarouselSlide;
  position: number;
  total: number;
  active: boolean;
  first: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} van ${total}`}
      hidden={!active}
      className="relative min-h-[34rem] sm:min-h-[38rem]"
    >
      <img
        src={slide.bgImage}
        alt=""
        width={1920}
        height={1080}
        // The first slide is the page's largest paint: load it at once, the others lazily.
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        decoding="async"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-black/75 via-black/45 to-black/10" />
      <div className="mx-auto flex min-h-[34rem] max-w-7xl flex-col justify-center px-4 pt-28 pb-24 sm:min-h-[38rem] sm:px-6">
        <div className="max-w-xl">
          {slide.highlight ? (
            <p className="mb-3 inline-block rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
              {slide.highlight}
            </p>
          ) : null}
          {/* h2: the page's h1 names the shop; each slide is a section of it. */}
          <h2 className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">{slide.title}</h2>
          {slide.text ? <p className="mt-4 text-base text-white/90 sm:text-lg">{slide.text}</p> : null}
          {slide.ctaLink ? (
            <Link
              to={slide.ctaLink}
              className="mt-7 inline-flex h-11 items-center rounded-md bg-accent-600 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-accent-700 focus-visible:outline-white"
            >
              {slide.ctaText || "Bekijk meer"}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** With no active slides the hero still gives the header something to sit on. */
function FallbackHero() {
  return (
    <section aria-label="Welkom" className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center px-4 pt-28 pb-16 sm:px-6">
        <h2 className="max-w-xl text-3xl font-bold tracking-tight sm:text-5xl">Alles voor jou en je fiets</h2>
        <p className="mt-4 max-w-xl text-lg text-white/90">Onderdelen, onderhoud en sportvoeding, snel in huis.</p>
        <Link
          to="/products"
          className="mt-7 inline-flex h-11 w-fit items-center rounded-md bg-accent-600 px-6 font-semibold hover:bg-accent-700"
        >
          Bekijk het assortiment
        </Link>
      </div>
    </section>
  );
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** True on the server and before hydration too, so nothing moves until the browser has said so. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}
