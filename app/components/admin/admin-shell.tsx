import { FileSpreadsheet, History, Images, LayoutDashboard } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { ADMIN_TABS, adminTabPath, type AdminTabId } from "./admin-tabs";

/**
 * The frame of every admin page (the /admin layout route renders it around each tab's route):
 * title, the link to the image migration tool and the dashboard's tabs. Tabs are plain links to
 * /admin/<tab>, so they work before JavaScript arrives; the current one carries aria-current="page".
 * On a phone the tab bar scrolls sideways instead of wrapping into several rows.
 */
export function AdminShell({
  activeTab,
  title = "Admin Dashboard",
  isChangeLog = false,
  children,
}: {
  /** Null on the admin pages outside the dashboard (/admin/coupons etc.). */
  activeTab: AdminTabId | null;
  title?: string;
  /** The change log (/admin/changes) is showing: its link is the current page. */
  isChangeLog?: boolean;
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  // On a phone the tab bar scrolls sideways: bring the current tab into view (sideways only, the
  // page itself does not move).
  useEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
  }, [activeTab]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8" lang="en">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          <LayoutDashboard aria-hidden className="size-7 shrink-0 text-brand-700" />
          {title}
        </h1>
        <div className="flex flex-wrap gap-2">
          {/* The change log is a page beside the tabs, not a tenth tab (spec 1 §2.15's list stays). */}
          <Link
            to="/admin/changes"
            aria-current={activeTab === null && isChangeLog ? "page" : undefined}
            className="inline-flex h-10 items-center gap-2 rounded-md border border-line bg-white px-4 text-sm font-medium hover:bg-surface aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
          >
            <History aria-hidden className="size-4" />
            Change log
          </Link>
          <Link
            to="/admin/image-migration"
            className="inline-flex h-10 items-center gap-2 rounded-md border border-line bg-white px-4 text-sm font-medium hover:bg-surface"
          >
            <Images aria-hidden className="size-4" />
            Image Migration Tool
          </Link>
          <NavLink
            to="/admin/feeds"
            className="inline-flex h-10 items-center gap-2 rounded-md border border-line bg-white px-4 text-sm font-medium hover:bg-surface aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
          >
            <FileSpreadsheet aria-hidden className="size-4" />
            Supplier Feeds
          </NavLink>
        </div>
      </div>
      <nav ref={nav} aria-label="Admin sections" className="relative mt-6 overflow-x-auto rounded-lg bg-surface">
        <ul className="flex w-max gap-1.5 p-1.5 sm:w-auto sm:flex-wrap">
          {ADMIN_TABS.map((tab) => {
            const active = tab.id === activeTab;
            return (
              <li key={tab.id}>
                <Link
                  to={adminTabPath(tab.id)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
                    active
                      ? "bg-white text-brand-800 shadow-sm ring-1 ring-line"
                      : "text-muted hover:bg-white hover:text-ink",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
