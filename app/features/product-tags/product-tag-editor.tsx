import { Tag, X } from "lucide-react";
import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { toast } from "~/shared/actions/toast";
import type { ProductTagResult } from "./product-tag-result";

/** Shows a tag change's answer once (spec 2 §8: 'Tag toegevoegd' / 'Tag verwijderd', 'Fout' + message). */
function useTagToast(result: ProductTagResult | undefined) {
  useEffect(() => {
    if (!result) return;
    (result.ok ? toast.success : toast.error)(result.title, { description: result.description });
  }, [result]);
}

/**
 * The product's tags with a remove button each and a form to add one, for an admin on the product
 * page (spec 1 §2.9). The page's own action takes the posts; after one the page's data is read again,
 * so the list shows what the database has. Loaded only for admins (ADR 0037).
 */
export function ProductTagEditor({ artNo, tags }: { artNo: number; tags: string[] }) {
  const add = useFetcher<ProductTagResult>();
  useTagToast(add.data);
  const ids = useId();
  const action = `/product/${artNo}`;
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="space-y-3 rounded-lg border border-dashed border-line bg-surface/60 p-3"
    >
      <h2 id={`${ids}-title`} className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
        Tags
        <span className="text-xs font-normal text-muted">
          Alleen zichtbaar voor beheerders: toevoegen en verwijderen
        </span>
      </h2>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <TagChip key={tag} action={action} tag={tag} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nog geen tags.</p>
      )}
      <add.Form
        method="post"
        action={action}
        className="flex gap-2"
        // A fresh, empty field after each tag added.
        key={add.data?.ok ? `added-${tags.length}` : "form"}
      >
        <input type="hidden" name="intent" value="tag-add" />
        <label htmlFor={`${ids}-new-tag`} className="sr-only">
          Nieuwe tag
        </label>
        <Input
          id={`${ids}-new-tag`}
          name="tag"
          maxLength={50}
          placeholder="Nieuwe tag"
          autoComplete="off"
          className="min-w-0 flex-1 bg-white"
        />
        <Button type="submit" variant="outline" disabled={add.state !== "idle"} className="shrink-0 bg-white">
          <Tag aria-hidden />
          Tag toevoegen
        </Button>
      </add.Form>
    </section>
  );
}

function TagChip({ action, tag }: { action: string; tag: string }) {
  const remove = useFetcher<ProductTagResult>();
  useTagToast(remove.data);
  return (
    <li className="inline-flex items-center">
      <Badge variant="outline" className="gap-1 bg-white py-0.5 pr-0.5 pl-2.5">
        {tag}
        <remove.Form method="post" action={action} className="inline-flex">
          <input type="hidden" name="intent" value="tag-remove" />
          <input type="hidden" name="tag" value={tag} />
          <button
            type="submit"
            aria-label={`Tag ${tag} verwijderen`}
            disabled={remove.state !== "idle"}
            className="inline-flex size-7 items-center justify-center rounded-full hover:bg-surface focus-visible:outline-2"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </remove.Form>
      </Badge>
    </li>
  );
}
