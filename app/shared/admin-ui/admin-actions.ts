import { useEffect } from "react";
import { toast } from "~/shared/actions/toast";

/** What every /admin action answers: the toast to show and, for the switch, the new state. */
export type AdminActionResult = {
  ok: boolean;
  /** Which form answered: "deactivate", "maintenance", "status", "retry-dropshipment", "api-url", … */
  intent: string;
  title: string;
  description?: string;
  /** Maintenance mode as stored after the switch (spec 2 §4: the switch returns the new state). */
  maintenance?: boolean;
};

/** Shows a fetcher's answer once as a toast (success or error). */
export function useResultToast(result: AdminActionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    const show = result.ok ? toast.success : toast.error;
    show(result.title, { description: result.description });
  }, [result]);
}
