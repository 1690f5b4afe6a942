import { data } from "react-router";
import type { Route } from "./+types/settings.route";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { SettingsPanel } from "./settings-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { isMaintenanceMode, setMaintenanceMode } from "./site-settings.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";

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

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    maintenance: intent({
      parse: ({ form }) => {
        const wanted = form.get("maintenance");
        return wanted === "on" || wanted === "off"
          ? wanted === "on"
          : refuse(data<AdminActionResult>(FAILED, { status: 400 }));
      },
      run: async (wanted, { context, actor, viewer }) => {
        const on = await setMaintenanceMode(context.db, wanted, actor);
        context.logger.info({ maintenance: on, by: viewer.id }, "admin switched maintenance mode");
        return data<AdminActionResult>({
          ok: true,
          intent: "maintenance",
          title: on ? "Onderhoudsmodus ingeschakeld" : "Onderhoudsmodus uitgeschakeld",
          maintenance: on,
        });
      },
    }),
  }),
  unknown: () =>
    data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    ),
  logMessage: "maintenance mode switch failed",
  failed: () => data<AdminActionResult>(FAILED, { status: 500 }),
});

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPanel maintenance={loaderData.maintenance} result={actionData} />;
}
