import type { ReactNode } from "react";

/** The narrow card the account pages (/login, /wachtwoord-vergeten, /wachtwoord-herstellen) sit in. */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-xl border border-line bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-muted">{intro}</p>
        {children}
      </div>
    </div>
  );
}
