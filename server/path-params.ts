import type { ServerBuild } from "react-router";
import { hasInvalidCharacters } from "../app/lib/text-input";

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

type RouteFunction = (args: { params: Record<string, string | undefined> }, ...rest: never[]) => unknown;

/** Thrown before the route's own code runs: the root's error page (Dutch "niet gevonden") for pages, the text for resource routes. */
function notFound(): Response {
  return new Response("Niet gevonden", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function guarded<F extends RouteFunction>(fn: F | undefined): F | undefined {
  if (!fn) return fn;
  return ((args, ...rest) => {
    for (const value of Object.values(args.params)) {
      if (value !== undefined && hasInvalidCharacters(value)) throw notFound();
    }
    return fn(args, ...rest);
  }) as F;
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
    routes[id] = {
      ...route,
      module: { ...route.module, loader: guarded(route.module.loader), action: guarded(route.module.action) },
    };
  }
  const checked = { ...build, routes };
  wrapped.set(build, checked);
  return checked;
}
