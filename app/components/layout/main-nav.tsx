import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { NAV_LINKS, type NavCategories } from "./nav-links";

/**
 * Desktop category navigation. Menus open on hover after 200 ms, moving between them within 300 ms
 * skips the delay, and they close 150 ms after the pointer leaves (spec 2 §9; Radix's own close
 * timer is exactly 150 ms). Each top entry is a real link, so the page works without JavaScript.
 */
export function MainNav({
  categories,
  inverted,
  className,
}: {
  categories: NavCategories;
  inverted: boolean;
  className?: string;
}) {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "group inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors",
      inverted
        ? "text-white hover:bg-white/15 data-[state=open]:bg-white/15"
        : "text-ink hover:bg-brand-50 data-[state=open]:bg-brand-50",
      isActive && (inverted ? "bg-white/15" : "text-brand-700"),
    );
  return (
    <NavigationMenu.Root delayDuration={200} skipDelayDuration={300} aria-label="Hoofdmenu" className={className}>
      <NavigationMenu.List className="flex items-center gap-1">
        {NAV_LINKS.map((link) => {
          const children = "categoryId" in link ? (categories[link.categoryId] ?? []) : [];
          if (children.length === 0) {
            return (
              <NavigationMenu.Item key={link.href}>
                <NavigationMenu.Link asChild>
                  <NavLink to={link.href} className={linkClass} prefetch="intent">
                    {link.label}
                  </NavLink>
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            );
          }
          return (
            <NavigationMenu.Item key={link.href} value={link.href} className="relative">
              <NavigationMenu.Trigger asChild>
                <NavLink to={link.href} className={linkClass} prefetch="intent">
                  {link.label}
                  <ChevronDown
                    aria-hidden
                    className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                  />
                </NavLink>
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute top-full left-0 z-50 mt-2 w-[32rem] rounded-lg border border-line bg-white p-4 text-ink shadow-xl">
                <ul className="grid grid-cols-2 gap-1">
                  {children.map((c) => (
                    <li key={c.id}>
                      <NavigationMenu.Link asChild>
                        <NavLink
                          to={`/products?cat=${c.id}`}
                          className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50"
                        >
                          {c.name}
                        </NavLink>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
                <NavigationMenu.Link asChild>
                  <NavLink
                    to={link.href}
                    className="mt-3 block border-t border-line px-3 pt-3 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    Alles in {link.label}
                  </NavLink>
                </NavigationMenu.Link>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
