import { useFetcher } from "react-router";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { SwitchButton } from "~/shared/admin-ui/switch-button";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";

/**
 * Site Settings (spec 1 §2.15): the "Onderhoudsmodus" switch. The switch is the submit button of a
 * POST form that asks for the opposite of the current state, so it works without JavaScript and a
 * repeated submit cannot flip it back. With JavaScript a fetcher sends it and the switch moves at once.
 */
export function SettingsPanel({
  maintenance,
  result,
}: {
  maintenance: boolean;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast instead). */
  result: AdminActionResult | undefined;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const pending = fetcher.formData?.get("maintenance");
  const on = pending === "on" ? true : pending === "off" ? false : maintenance;
  const busy = fetcher.state !== "idle";

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Site Settings
        </h2>
        <ChangeHistoryLink entityType="setting" entityId="maintenance-mode" label="the maintenance mode" />
      </div>
      <ActionMessage result={result} />
      <div className="rounded-lg border border-line bg-white p-5 shadow-sm">
        <fetcher.Form method="post" action="/admin/settings" className="flex items-start justify-between gap-4">
          <input type="hidden" name="intent" value="maintenance" />
          <div className="space-y-1">
            <p id="maintenance-label" lang="nl" className="font-semibold">
              Onderhoudsmodus
            </p>
            <p id="maintenance-description" className="text-sm text-muted">
              While maintenance mode is on, only admins can use the website.
            </p>
            <p className="text-sm font-medium" aria-live="polite">
              {busy
                ? "Saving…"
                : on
                  ? "On: visitors and customers see the maintenance page."
                  : "Off: the shop is open to everyone."}
            </p>
          </div>
          <SwitchButton
            checked={on}
            onValue="on"
            offValue="off"
            aria-labelledby="maintenance-label"
            aria-describedby="maintenance-description"
            name="maintenance"
            className="mt-0.5"
          />
        </fetcher.Form>
      </div>
    </section>
  );
}
