import type { Route } from "./+types/link-options.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { searchSlideLinks } from "./link-options.server";

/**
 * GET /admin/homepage/links?q=… — the slide dialog's link suggestions (admins only): fixed pages,
 * categories and products whose name holds the term, as JSON { options: [{ link, label, kind }] }.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const headers = { "cache-control": "private, no-store" };
  if (hasInvalidCharacters(q) || q.length > 100) return Response.json({ options: [] }, { headers });
  return Response.json({ options: await searchSlideLinks(context.db, q) }, { headers });
}
