import type { ReactNode } from "react";

/** The frame of the small account steps (/auth/callback, /auth/email, its confirmation): one card. */
export function StravaPageCard({
  title,
  icon,
  children,
  titleId,
  titleIsStatus = false,
}: {
  title: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  titleId?: string;
  /** The title reports progress ("Bezig met …"): it sits in a status region, and stays the page heading. */
  titleIsStatus?: boolean;
}) {
  const heading = (
    <h1 id={titleId} className="text-center text-2xl font-bold tracking-tight text-brand-900">
      {title}
    </h1>
  );
  return (
    <div className="px-4 py-10 sm:py-16">
      <section
        aria-labelledby={titleId}
        className="mx-auto w-full max-w-md rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        {icon ? <div className="mb-4 flex justify-center text-brand-700">{icon}</div> : null}
        {titleIsStatus ? <div role="status">{heading}</div> : heading}
        <div className="mt-4 space-y-4 text-base text-ink">{children}</div>
      </section>
    </div>
  );
}
