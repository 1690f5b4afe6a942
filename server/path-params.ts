import type { ServerBuild } from "react-router";
import { hasInvalidCharacters } from "../app/shared/forms/text-input";

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/**
 * Thrown before the route's own code runs: pages get the root's Dutch "Pagina niet gevonden",
 * resource routes the plain text.
 */
function refuseInvalid(params: Record<string, string | undefined>): void {
  for (const value of Object.values(params)) {
    if (value !== undefined && hasInvalidCharacters(value)) {
      throw new Response("Niet gevonden", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
}

/**
 * A path segment holding a control character (`/voorraadmelding/%00`) names nothing of ours: no link
 * we make contains one, and PostgreSQL refuses NUL in text, which made such a URL a 500 wherever a
 * route looked its parameter up (issue 12, issue 27). Rather than each route remembering to check,
 * this build wrapper answers 404 for every route whose URL parameters (`:token`, `:orderId`, the
 * splat, …) hold characters text-input.ts refuses, before its loader or action runs.
 */
export function withPathParamCheck(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || (!route.module.loader && !route.module.action)) {
      routes[id] = route;
      continue;
    }
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: loader
          ? (args, ctx) => {
              refuseInvalid(args.params);
              return loader(args, ctx);
            }
          : undefined,
        action: action
          ? (args, ctx) => {
              refuseInvalid(args.params);
              return action(args, ctx);
            }
          : undefined,
      },
    };
  }
  const checked = { ...build, routes };
  wrapped.set(build, checked);
  return checked;
}
