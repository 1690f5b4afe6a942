import { ArrowRight, Pencil, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { SearchAdminNav, SYNONYMS_PATH } from "./search-admin-nav";
import type { Synonym, SynonymField } from "./synonym-rules";

/** An action's answer: a refused form names its field and gives back what was typed. */
export type SynonymActionResult = AdminActionResult & {
  field?: SynonymField;
  /** The synonym the form was about (null: the add form). */
  id?: number | null;
  values?: { term: string; replacement: string };
};

export const SYNONYMS_LOAD_ERROR = "The synonyms could not be loaded. Try again.";

/**
 * The Search tab's synonyms (issue 30 item 9): "fietsketting ⇒ ketting", add, edit (?edit=<id>) and
 * delete. Plain POST forms: they work without JavaScript, and the answer shows on the page.
 */
export function SynonymsPanel({
  synonyms,
  editing,
  loadError,
  result,
}: {
  synonyms: Synonym[] | null;
  editing: number | null;
  loadError: string | null;
  result: SynonymActionResult | undefined;
}) {
  const addFailed = result && !result.ok && result.id == null ? result : undefined;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Search
        </h2>
        <ChangeHistoryLink entityType="search-synonym" label="the synonyms" />
      </div>
      <SearchAdminNav current={SYNONYMS_PATH} />
      <p className="max-w-3xl text-sm text-muted">
        When a shopper searches for a search term, the shop searches for its replacement instead, in the results and in
        the suggestions under the search box. Whole words are replaced, a phrase of up to five words too; an ArtNo is
        always searched as typed.
      </p>
      {result && !result.field ? <ActionMessage result={result} /> : null}
      {loadError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {synonyms ? (
        <>
          <SynonymForm
            key={result?.ok && result.intent === "save" && result.id != null ? `added-${result.id}` : "add"}
            label="Add a synonym"
            submit="Add synonym"
            idPrefix="new"
            failed={addFailed}
          />
          <SynonymsTable synonyms={synonyms} editing={editing} result={result} />
        </>
      ) : null}
    </section>
  );
}

function SynonymForm({
  label,
  submit,
  idPrefix,
  synonym,
  failed,
}: {
  label: string;
  submit: string;
  idPrefix: string;
  synonym?: Synonym;
  failed: SynonymActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(SYNONYMS_PATH);
  const values = failed?.values ?? { term: synonym?.term ?? "", replacement: synonym?.replacement ?? "" };
  const field = (name: SynonymField, text: string, hint: string) => {
    const id = `${idPrefix}-${name}`;
    const error = failed?.field === name ? failed.title : null;
    return (
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {text}
        </label>
        <Input
          id={id}
          name={name}
          defaultValue={values[name]}
          maxLength={100}
          required
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
    );
  };
  return (
    <Form
      method="post"
      action={synonym ? `${SYNONYMS_PATH}?edit=${synonym.id}` : SYNONYMS_PATH}
      aria-label={label}
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 md:flex-row md:items-start"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {synonym ? <input type="hidden" name="id" value={synonym.id} /> : null}
      {field("term", "Search term", "What shoppers type, e.g. fietsketting")}
      <ArrowRight aria-hidden className="hidden size-5 shrink-0 self-center text-muted md:block" />
      {field("replacement", "Search for", "What the shop searches instead, e.g. ketting")}
      <div className="flex gap-2 md:pt-7">
        <Button type="submit" disabled={busy}>
          {submit}
        </Button>
        {synonym ? (
          <Button asChild variant="outline">
            <Link to={SYNONYMS_PATH}>Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function SynonymsTable({
  synonyms,
  editing,
  result,
}: {
  synonyms: Synonym[];
  editing: number | null;
  result: SynonymActionResult | undefined;
}) {
  const cell = "px-3 py-2.5 align-top";
  if (synonyms.length === 0) {
    return (
      <p className="rounded-lg border border-line bg-white p-4 text-sm text-muted">
        No synonyms yet: shoppers' searches run as they type them.
      </p>
    );
  }
  const editSynonym = editing === null ? undefined : synonyms.find((s) => s.id === editing);
  return (
    <div className="space-y-3">
      {editSynonym ? (
        <SynonymForm
          label={`Edit the synonym for ${editSynonym.term}`}
          submit="Save"
          idPrefix={`edit-${editSynonym.id}`}
          synonym={editSynonym}
          failed={result && !result.ok && result.id === editSynonym.id ? result : undefined}
        />
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-line bg-white">
        <table className="w-full text-sm">
          <caption className="px-3 py-2 text-left font-semibold">
            {synonyms.length === 1 ? "1 synonym" : `${synonyms.length} synonyms`}
          </caption>
          <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className={`${cell} text-left`}>
                Search term
              </th>
              <th scope="col" className={`${cell} text-left`}>
                Searched as
              </th>
              <th scope="col" className={`${cell} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {synonyms.map((synonym) => (
              <tr key={synonym.id} className="border-t border-line">
                <th scope="row" className={`${cell} text-left font-medium break-words`}>
                  {synonym.term}
                </th>
                <td className={`${cell} break-words`}>
                  <span aria-hidden className="mr-2 text-muted">
                    ⇒
                  </span>
                  {synonym.replacement}
                </td>
                <td className={`${cell} text-right`}>
                  <div className="flex justify-end gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link
                        to={`${SYNONYMS_PATH}?edit=${synonym.id}`}
                        aria-label={`Edit the synonym for ${synonym.term}`}
                        preventScrollReset
                      >
                        <Pencil aria-hidden />
                        <span className="hidden sm:inline">Edit</span>
                      </Link>
                    </Button>
                    <Form method="post" action={SYNONYMS_PATH}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={synonym.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        aria-label={`Delete the synonym for ${synonym.term}`}
                      >
                        <Trash2 aria-hidden />
                        <span className="hidden sm:inline">Delete</span>
                      </Button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
