// The synonyms' server entry: the rewrite the search entry points call, and the admin's writes.
export { rewriteQuery, listSynonyms, saveSynonym, deleteSynonym, forgetSynonyms } from "./synonyms.server";
