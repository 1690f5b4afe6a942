import { data } from "react-router";
import type { Route } from "./+types/admin.settings";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { SettingsPanel } from "~/components/admin/settings-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { isMaintenanceMode, setMaintenanceMode } from "~/domain/settings/site-settings.server";
import { readForm } from "~/lib/form.server";

export function meta() {
  return [{ title: "Site Settings | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** Site Settings (spec 1 §2.15): the maintenance mode switch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { maintenance: await isMaintenanceMode(context.db) };
}

const FAILED = {
  ok: false,
  intent: "maintenance",
  title: "Kon de onderhoudsmodus niet wijzigen",
  description: "Er is een onbekende fout opgetreden.",
} as const satisfies AdminActionResult;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "maintenance") {
    return data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    );
  }
  const wanted = form.get("maintenance");
  if (wanted !== "on" && wanted !== "off") return data<AdminActionResult>(FAILED, { status: 400 });
  try {
    const on = await setMaintenanceMode(context.db, wanted === "on", { id: viewer.id, email: viewer.email });
    context.logger.info({ maintenance: on, by: viewer.id }, "admin switched maintenance mode");
    return data<AdminActionResult>({
      ok: true,
      intent: "maintenance",
      title: on ? "Onderhoudsmodus ingeschakeld" : "Onderhoudsmodus uitgeschakeld",
      maintenance: on,
    });
  } catch (error) {
    context.logger.error({ err: error }, "maintenance mode switch failed");
    return data<AdminActionResult>(FAILED, { status: 500 });
  }
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPanel maintenance={loaderData.maintenance} result={actionData} />;
}
