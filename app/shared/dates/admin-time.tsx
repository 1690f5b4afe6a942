import { formatAdminDate, formatAdminDateTime, formatAdminTime, type AdminDateInput } from "./admin-dates";

/**
 * A moment in an admin page: <time datetime="ISO"> around the Amsterdam text of admin-dates.ts.
 * The text depends only on the moment (never on the browser's zone or ICU), so drawing it on the
 * server and again while hydrating gives the same letters.
 */
export function AdminTime({
  value,
  show = "date-time",
  seconds = false,
  className,
}: {
  value: AdminDateInput;
  /** The whole moment (default), only its Amsterdam day, or only the time of day (log lines). */
  show?: "date-time" | "date" | "time";
  seconds?: boolean;
  className?: string;
}) {
  const iso = new Date(value).toISOString();
  const text =
    show === "date"
      ? formatAdminDate(value)
      : show === "time"
        ? formatAdminTime(value, { seconds })
        : formatAdminDateTime(value, { seconds });
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
