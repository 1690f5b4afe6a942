import type { ServerBuild } from "react-router";
import type { AppContext } from "../app/context";

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/**
 * A resource route that has its own answer for a shut-out visitor (robots.txt) says so with
 * `export const handle = { answersDuringMaintenance: true }`; its loader then runs and reads
 * `context.maintenance` itself.
 */
function answersDuringMaintenance(module: { handle?: unknown }): boolean {
  const handle = module.handle as { answersDuringMaintenance?: unknown } | null | undefined;
  return handle?.answersDuringMaintenance === true;
}

/**
 * While maintenance mode shuts a visitor out, the root renders only the maintenance screen; the
 * page's own loaders would still run and their data would travel in the page (and in `.data`
 * answers). This build wrapper makes every loader below the root answer null for such a visitor:
 * nothing of the shop leaves the server, and no catalogue query runs for a page nobody sees.
 * (Meta functions already cope with missing data, as for a 404.)
 */
export function withMaintenanceGuard(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader || id === "root" || answersDuringMaintenance(route.module)) {
      routes[id] = route;
      continue;
    }
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: (args) => ((args.context as unknown as AppContext).maintenance?.blocked ? null : loader(args)),
      },
    };
  }
  const guarded = { ...build, routes };
  wrapped.set(build, guarded);
  return guarded;
}
