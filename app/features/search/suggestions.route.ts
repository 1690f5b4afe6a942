import { data } from "react-router";
import type { Route } from "./+types/suggestions.route";
import { searchSuggestions, type SearchSuggestion } from "./search.server";
import { rewriteQuery } from "~/features/search-synonyms/index.server";
import { textParam } from "~/shared/forms/text-input";

/** GET ?q=… → the header's search suggestions (spec 2 §7.3). Errors are logged and yield an empty list (§7.5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = textParam(new URL(request.url).searchParams.get("q")) ?? "";
  let results: SearchSuggestion[] = [];
  try {
    results = await searchSuggestions(context.db, await rewriteQuery(context.db, q.slice(0, 100)));
  } catch (error) {
    context.logger.error({ err: error }, "search suggestions failed");
  }
  // Short caching: typing the same prefix twice (backspace, retype) costs no query. The same for every
  // visitor (no cookie is read), so public: with a session cookie it would otherwise be no-store
  // (server/private-responses.ts).
  return data({ results }, { headers: { "Cache-Control": "public, max-age=30" } });
}
