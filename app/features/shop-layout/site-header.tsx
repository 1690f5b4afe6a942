import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SearchBox } from "~/features/search/header";
import { cn } from "~/shared/ui/cn";
import { AccountMenu } from "./account-menu";
import { CartLink } from "./cart-link";
import { Logo } from "~/shared/ui/logo";
import { MainNav } from "./main-nav";
import { MobileMenu } from "./mobile-menu";
import type { NavCategories } from "./nav-links";

/** Spec 2 §9: the header turns compact once the page has scrolled 20 px. */
const COMPACT_AFTER_PX = 20;

function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return past;
}

/**
 * Header of every shop page. With `hero`, the page's banner runs underneath a transparent header
 * with a white logo and white links, until the shopper scrolls; then it is the normal solid header.
 */
export function SiteHeader({ categories, hero }: { categories: NavCategories; hero: boolean }) {
  const compact = useScrolledPast(COMPACT_AFTER_PX);
  const inverted = hero && !compact;
  return (
    <header
      data-variant={hero ? "hero" : "solid"}
      data-compact={compact ? "" : undefined}
      className={cn(
        "inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200",
        hero ? "fixed" : "sticky",
        inverted ? "bg-transparent text-white" : "border-b border-line bg-white text-ink",
        compact && "shadow-md",
      )}
    >
      <div
        className={cn(
          "mx-auto flex max-w-7xl items-center gap-3 px-4 transition-[height] duration-200 md:gap-6",
          compact ? "h-14" : "h-16 md:h-20",
        )}
      >
        <Link to="/" aria-label="Trapkracht, naar de homepage" className="shrink-0 rounded-md">
          <Logo inverted={inverted} className={cn(compact && "scale-90")} />
        </Link>
        <SearchBox className="hidden max-w-md flex-1 md:block" inverted={inverted} />
        <div className="ml-auto flex items-center gap-1">
          <AccountMenu inverted={inverted} />
          <CartLink inverted={inverted} />
          <MobileMenu inverted={inverted} />
        </div>
      </div>
      {/* Phones: search gets its own full-width row (shoppers search more than they browse there). */}
      <div className={cn("px-4 md:hidden", compact ? "pb-2" : "pb-3")}>
        <SearchBox inverted={inverted} />
      </div>
      <div className={cn("hidden md:block", !inverted && "border-t border-line")}>
        <MainNav
          categories={categories}
          inverted={inverted}
          className={cn("mx-auto max-w-7xl px-2 transition-[padding]", compact ? "py-1" : "py-2")}
        />
      </div>
    </header>
  );
}
