import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/shared/ui/cn";
import { buttonVariants } from "~/shared/ui/button";

/**
 * "Terug": goes back in history when there is somewhere to go back to; without JavaScript (or when
 * the page was opened directly) it is a plain link to the parent page.
 */
export function BackButton({
  fallbackHref,
  label = "Terug",
  className,
}: {
  fallbackHref: string;
  label?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallbackHref}
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}
      onClick={(event) => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
    >
      <ArrowLeft aria-hidden />
      {label}
    </Link>
  );
}
