import { ChevronDown, FileSpreadsheet, History, Images, LayoutDashboard } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/shared/ui/cn";
import { ADMIN_TABS, adminTabPath, type AdminTabId } from "./admin-tabs";

/**
 * The frame of every admin page (the /admin layout route renders it around each tab's route):
 * title, the link to the image migration tool and the dashboard's tabs. Tabs are plain links to
 * /admin/<tab>; the current one carries aria-current="page". From 768 px they are one wrapping row;
 * on a phone a button naming the current section opens the list of all of them (ten and more tabs
 * did not fit a 390 px row, and a sideways-scrolling row hid most of them).
 */
export function AdminShell({
  activeTab,
  title = "Admin Dashboard",
  isChangeLog = false,
  banner,
  children,
}: {
  /** Null on the admin pages outside the dashboard (/admin/coupons etc.). */
  activeTab: AdminTabId | null;
  title?: string;
  /** The change log (/admin/changes) is showing: its link is the current page. */
  isChangeLog?: boolean;
  /** Shown under the tabs on every admin page, e.g. the mail delivery banner (ADR 0036). */
  banner?: ReactNode;
  children: ReactNode;
}) {
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
      <AdminTabs activeTab={activeTab} />
      {banner}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function AdminTabs({ activeTab }: { activeTab: AdminTabId | null }) {
  const { pathname } = useLocation();
  // The page the phone's list was opened on: following a tab's link folds it away again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = ADMIN_TABS.find((tab) => tab.id === activeTab);
  return (
    <nav
      aria-label="Admin sections"
      className="mt-6 md:rounded-lg md:bg-surface"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex h-11 w-full items-center justify-between gap-3 rounded-lg border border-line bg-white px-3 text-left text-sm font-medium shadow-sm md:hidden"
      >
        <span className="min-w-0 truncate">
          <span className="text-muted">Section: </span>
          {current ? current.label : "choose"}
        </span>
        <span aria-hidden className="flex shrink-0 items-center gap-1 text-xs text-muted">
          {`${ADMIN_TABS.length} sections`}
          <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
        </span>
      </button>
      <ul
        id={listId}
        className={cn("grid-cols-2 gap-1.5 p-1.5 pt-0 md:flex md:flex-wrap md:pt-1.5", open ? "grid" : "hidden")}
      >
        {ADMIN_TABS.map((tab) => {
          const active = tab.id === activeTab;
          return (
            <li key={tab.id} className="min-w-0">
              <Link
                to={adminTabPath(tab.id)}
                // Choosing the section already shown (the Dashboard at /admin, say) changes no path, so
                // nothing else folds the list: fold it here. Other links fold it when their page is shown.
                onClick={() => {
                  if (adminTabPath(tab.id) === pathname) setOpen(false);
                }}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex min-h-10 items-center rounded-md px-3 text-sm font-medium transition-colors md:inline-flex md:h-9 md:min-h-0 md:whitespace-nowrap",
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
  );
}
