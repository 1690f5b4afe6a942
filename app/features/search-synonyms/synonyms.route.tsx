import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/synonyms.route";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { SYNONYMS_LOAD_ERROR, SynonymsPanel, type SynonymActionResult } from "./synonyms-panel";
import { deleteSynonym, listSynonyms, saveSynonym, type SynonymWrite } from "./synonyms.server";

export function meta() {
  return [{ title: "Search synonyms | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

const ID = /^[1-9][0-9]{0,8}$/;

const idOf = (value: string | null) => (value && ID.test(value) ? Number(value) : null);

/** The Search tab (issue 30 item 9): /admin/search, the synonyms list; ?edit=<id> opens one for editing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const editing = idOf(new URL(request.url).searchParams.get("edit"));
  try {
    return { synonyms: await listSynonyms(context.db), editing, loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin synonyms list failed");
    return data({ synonyms: null, editing, loadError: SYNONYMS_LOAD_ERROR }, { status: 500 });
  }
}

const answer = (result: SynonymActionResult, status = 200) => data(result, { status });

/**
 * What a save or delete posted: the id (a malformed one is a synonym that no longer exists; a delete
 * needs one, a save without one adds a synonym), the term and its replacement.
 */
function synonymInput(form: FormData, intent: "save" | "delete", { idRequired }: { idRequired: boolean }) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const rawId = text("id");
  const id = idOf(rawId);
  if ((rawId && id === null) || (idRequired && id === null)) {
    return refuse(answer({ ok: false, intent, title: "This synonym no longer exists." }, 404));
  }
  return { id, term: text("term"), replacement: text("replacement") };
}

/** The answer to a save or delete, from what the service said. */
function synonymAnswer(
  result: SynonymWrite,
  input: { id: number | null; term: string | null; replacement: string | null },
  intent: "save" | "delete",
  context: AppLoadContext,
  viewerId: string,
  doneTitle: (synonym: { term: string; replacement: string }) => string,
) {
  if (!result.ok) {
    if (result.reason === "not-found") return answer({ ok: false, intent, title: result.message }, 404);
    // What was typed goes back into the form, unless it holds what no person types.
    const typed = (value: string | null) => (value && !hasInvalidCharacters(value) ? value : "");
    return answer(
      {
        ok: false,
        intent,
        id: input.id,
        field: result.field,
        title: result.message,
        values: { term: typed(input.term), replacement: typed(input.replacement) },
      },
      400,
    );
  }
  context.logger.info({ synonymId: result.synonym.id, intent, by: viewerId }, "admin changed search synonym");
  return answer({ ok: true, intent, id: result.synonym.id, title: doneTitle(result.synonym) });
}

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    save: intent({
      parse: ({ form }) => synonymInput(form, "save", { idRequired: false }),
      run: async (input, { context, actor, viewer }) =>
        synonymAnswer(
          await saveSynonym(context.db, actor, input.id, { term: input.term, replacement: input.replacement }),
          input,
          "save",
          context,
          viewer.id,
          (saved) => `Saved: "${saved.term}" is searched as "${saved.replacement}".`,
        ),
    }),
    delete: intent({
      parse: ({ form }) => synonymInput(form, "delete", { idRequired: true }),
      run: async (input, { context, actor, viewer }) =>
        synonymAnswer(
          await deleteSynonym(context.db, actor, input.id!),
          input,
          "delete",
          context,
          viewer.id,
          (deleted) => `Synonym deleted: "${deleted.term}" is searched as typed again.`,
        ),
    }),
  }),
  unknown: () =>
    answer(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      400,
    ),
  logMessage: "admin synonym change failed",
  failed: (_error, { intent, form }) =>
    answer(
      {
        ok: false,
        intent,
        id: idOf(form.get("id") as string | null),
        title: "The synonym could not be saved. Try again.",
      },
      500,
    ),
});

export default function AdminSearchSynonyms({ loaderData, actionData }: Route.ComponentProps) {
  // After a successful edit the list shows again; a refused one keeps its form open.
  const editing = actionData?.ok ? null : loaderData.editing;
  return (
    <SynonymsPanel
      synonyms={loaderData.synonyms}
      editing={editing}
      loadError={loaderData.loadError}
      result={actionData}
    />
  );
}
