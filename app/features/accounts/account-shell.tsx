import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/shared/ui/cn";

export type AccountSection = "profile" | "orders";

const SECTIONS: ReadonlyArray<{ id: AccountSection; to: string; label: string }> = [
  { id: "profile", to: "/profile", label: "Profiel" },
  { id: "orders", to: "/orders", label: "Bestellingen" },
];

/** The frame of the account pages: a title block, the Profiel / Bestellingen tabs, then the section. */
export function AccountShell({
  title,
  intro,
  current,
  children,
}: {
  title: string;
  intro: ReactNode;
  current: AccountSection;
  children: ReactNode;
}) {
  return (
    <div className="bg-white">
      <header className="border-b border-line bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6 sm:pt-14">
          <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-base text-muted">{intro}</p>
          <nav aria-label="Mijn account" className="mt-6 -mb-px flex gap-1">
            {SECTIONS.map((section) => {
              const active = section.id === current;
              return (
                <Link
                  key={section.id}
                  to={section.to}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "rounded-t-md border px-4 py-2.5 text-sm font-medium",
                    active
                      ? "border-line border-b-white bg-white text-brand-800"
                      : "border-transparent text-muted hover:bg-white/60 hover:text-ink",
                  )}
                >
                  {section.label}
                </Link>
              );
            })}
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>
    </div>
  );
}
