import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

/**
 * Every URL pattern of app/routes.ts, read from the route config itself, so a test that walks this
 * list covers a route added tomorrow without anyone remembering to add it.
 */
export type ListedRoute = {
  /** The full pattern, e.g. "/admin/orders/:orderId" or "/*". */
  pattern: string;
  /** The route module, relative to app/. */
  file: string;
  /** The names of its dynamic segments (":orderId" → "orderId"; a splat is "*"). */
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (default export), not a resource route: its data also travels as `<path>.data`. */
  isPage: boolean;
  /** Intent values the module's action tells apart (read from its source), for posts of each. */
  intents: string[];
  /** Form field names the module reads (`.get("name")`), to post a bad value in each. */
  fields: string[];
};

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

const appDir = path.resolve(import.meta.dirname, "../../app");

function exportsFunction(source: string, name: string): boolean {
  return new RegExp(`export\\s+(async\\s+)?(function\\s+${name}\\b|const\\s+${name}\\b)`).test(source);
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

function describeModule(file: string) {
  const source = readFileSync(path.join(appDir, file), "utf8");
  const intents = unique(
    [
      ...source.matchAll(/intent\s*[!=]==?\s*["']([\w-]+)["']/g),
      ...source.matchAll(/name="intent"\s+value="([\w-]+)"/g),
      ...source.matchAll(/case\s+["']([\w-]+)["']\s*:/g),
    ].map((m) => m[1]!),
  );
  const fields = unique([...source.matchAll(/\.get(?:All)?\(\s*["']([\w-]+)["']\s*\)/g)].map((m) => m[1]!));
  return {
    hasLoader: exportsFunction(source, "loader"),
    hasAction: exportsFunction(source, "action"),
    isPage: /export\s+default\b/.test(source),
    intents,
    fields,
  };
}

function walk(entries: Entry[], parent: string, out: ListedRoute[]) {
  for (const entry of entries) {
    const own = entry.path ?? "";
    const pattern = own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
    if (entry.path !== undefined || entry.index) {
      const full = pattern || "/";
      const params = full
        .split("/")
        .filter((s) => s.startsWith(":") || s === "*")
        .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));
      out.push({ pattern: full, file: entry.file, params, ...describeModule(entry.file) });
    }
    if (entry.children) walk(entry.children, pattern, out);
  }
}

export function listRoutes(): ListedRoute[] {
  const out: ListedRoute[] = [];
  walk(routes as unknown as Entry[], "", out);
  return out;
}

/**
 * The route's URL with every dynamic segment (and the splat) replaced: by `value` (already encoded),
 * or per parameter name from a map (a name it lacks gets the map's "*" entry).
 */
export function fillParams(route: ListedRoute, value: string | Record<string, string>): string {
  const valueOf = (name: string) => (typeof value === "string" ? value : (value[name] ?? value["*"] ?? "x"));
  return route.pattern
    .split("/")
    .map((s) => (s === "*" ? valueOf("*") : s.startsWith(":") ? valueOf(s.slice(1).replace(/\?$/, "")) : s))
    .join("/");
}

/** The URL of a page's data request (client-side navigation, single fetch). */
export function dataUrl(pathname: string): string {
  return pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`;
}
