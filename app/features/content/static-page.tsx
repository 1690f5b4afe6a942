import type { ReactNode } from "react";
import { cn } from "~/shared/ui/cn";

/**
 * The frame of the text pages (about, privacy, terms, contact): a title block with an intro,
 * then readable prose. `aside` is an optional column beside the text on wide screens.
 */
export function StaticPage({
  title,
  intro,
  updated,
  children,
  aside,
  className,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("bg-white", className)}>
      <header className="border-b border-line bg-brand-50">
        <div className="mx-auto max-w-5xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14">
          <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
          {intro ? <div className="mt-3 max-w-3xl text-base text-muted sm:text-lg">{intro}</div> : null}
          {updated ? <p className="mt-3 text-sm text-muted">Laatst bijgewerkt: {updated}</p> : null}
        </div>
      </header>
      <div
        className={cn(
          "mx-auto max-w-5xl px-4 py-10 sm:px-6",
          aside ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]" : undefined,
        )}
      >
        <div className="prose-shop max-w-3xl min-w-0">{children}</div>
        {aside ? <aside className="space-y-4">{aside}</aside> : null}
      </div>
    </div>
  );
}

/** A titled section of a text page; `id` makes it linkable (e.g. /terms#herroeping). */
export function PageSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-titel` : undefined} className="scroll-mt-24">
      <h2 id={id ? `${id}-titel` : undefined}>{title}</h2>
      {children}
    </section>
  );
}
