import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckCircle2, Clock, TriangleAlert, XCircle } from "lucide-react";
import { buttonVariants } from "~/shared/ui/button";

type Tone = "success" | "waiting" | "error" | "cancelled";

const TONES: Record<Tone, { icon: typeof CheckCircle2; ring: string }> = {
  success: { icon: CheckCircle2, ring: "bg-brand-50 text-brand-700" },
  waiting: { icon: Clock, ring: "bg-amber-50 text-amber-700" },
  error: { icon: TriangleAlert, ring: "bg-red-50 text-danger" },
  cancelled: { icon: XCircle, ring: "bg-slate-100 text-slate-600" },
};

export type ResultAction = { to: string; label: string; primary?: boolean; reloadDocument?: boolean };

/**
 * The page the shopper lands on after the payment provider: one clear outcome, what it means for
 * the order and the cart, and where to go next. Announced as a status (or an alert for errors).
 */
export function PaymentResult({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children: ReactNode;
  actions: ResultAction[];
}) {
  const { icon: Icon, ring } = TONES[tone];
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      <section
        role={tone === "error" ? "alert" : "status"}
        aria-labelledby="resultaat-titel"
        className="rounded-xl border border-line bg-white p-6 text-center shadow-sm sm:p-8"
      >
        <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${ring}`}>
          <Icon aria-hidden className="size-8" />
        </span>
        <h1 id="resultaat-titel" className="mt-4 text-2xl font-bold text-ink">
          {title}
        </h1>
        <div className="mt-3 grid gap-2 text-muted">{children}</div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {actions.map((action) => (
            <Link
              key={action.to}
              to={action.to}
              reloadDocument={action.reloadDocument}
              className={buttonVariants({ variant: action.primary ? "default" : "outline", size: "lg" })}
            >
              {action.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
