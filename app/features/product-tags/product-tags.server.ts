import type { Db } from "~/db/client.server";
import type { AdminActor } from "~/features/admin-changes/index.server";
import { parseTag } from "~/features/admin-products";
import { addProductTag, removeProductTag } from "~/features/admin-products/index.server";
import type { ProductTagResult } from "./product-tag-result";

export const TAG_INTENTS = ["tag-add", "tag-remove"] as const;
export type TagIntent = (typeof TAG_INTENTS)[number];

export function isTagIntent(value: unknown): value is TagIntent {
  return typeof value === "string" && (TAG_INTENTS as readonly string[]).includes(value);
}

/** What each tag intent writes and the toast it answers with. */
const TAG_CHANGES = {
  "tag-add": { write: addProductTag, title: "Tag toegevoegd" },
  "tag-remove": { write: removeProductTag, title: "Tag verwijderd" },
} satisfies Record<TagIntent, { write: typeof addProductTag; title: string }>;

/**
 * An admin adds or removes a tag on the product page (spec 1 §2.9, issue 29 item 3): the same
 * validation (parseTag) and the same service as Product Management's tag editor, so the same
 * messages (spec 2 §8: 'Tag toegevoegd' / 'Tag verwijderd', 'Fout' with the server's message) and
 * the same record in the change log ("product-tag", add/remove, in the change's transaction).
 */
export async function changeProductTag(
  db: Db,
  actor: AdminActor,
  artNo: number,
  intent: TagIntent,
  rawTag: string | null,
): Promise<{ status: number; result: ProductTagResult }> {
  const fail = (description: string, status: number) => ({
    status,
    result: { ok: false, intent, title: "Fout", description },
  });
  const tag = parseTag(rawTag);
  if (!tag.ok) return fail(tag.message, 400);
  const change = TAG_CHANGES[intent];
  const written = await change.write(db, actor, artNo, tag.tag);
  if (!written.ok) {
    const message = written.message === "Product not found" ? "Product niet gevonden." : written.message;
    return fail(message, written.reason === "not-found" ? 404 : 400);
  }
  return {
    status: 200,
    result: { ok: true, intent, title: change.title, tag: tag.tag },
  };
}
