import { Tag, X } from "lucide-react";
import { ProductImageUpload } from "~/features/product-images";
import { useId, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import type { AdminProductDetail } from "./product-types";
import { UrlDialog, useCloseOnSuccess } from "~/shared/admin-ui/url-dialog";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";

/** The Update Product dialog and its tag editor (used by app/features/admin-products); every form posts here. */
const ACTION_PATH = "/admin/products";

/** The current URL with some query parameters set or removed (null removes). */
function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value == null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** Cents as the owner types them: 1295 → "12,95". */
function centsText(cents: number | null): string {
  return cents == null ? "" : (cents / 100).toFixed(2).replace(".", ",");
}

/** The panel's dialogs close back to the list with its search and page. */
function useCloseTo() {
  return useHref()({ edit: null, delete: null });
}

function PanelDialog(props: { title: string; description?: string; children: ReactNode; wide?: boolean }) {
  return <UrlDialog {...props} closeTo={useCloseTo()} lang="en" wide={props.wide ? "extra" : false} />;
}

const selectClass = "flex h-10 w-full rounded-md border border-line bg-white px-3 py-2 text-base md:text-sm";
const areaClass =
  "flex w-full rounded-md border border-line bg-white px-3 py-2 font-mono text-base placeholder:text-slate-400 md:text-sm";

function Field({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

export function EditDialog({
  product,
  categories,
}: {
  product: AdminProductDetail;
  categories: { id: number; name: string }[];
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, useCloseTo());
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const saving = fetcher.state !== "idle";
  const text = (name: keyof AdminProductDetail, label: string, max = 200) => (
    <Field id={id(name)} label={label}>
      <Input id={id(name)} name={name} maxLength={max} defaultValue={(product[name] as string | null) ?? ""} />
    </Field>
  );

  return (
    <PanelDialog title="Update Product" description={`ArtNo ${product.artNo}`} wide>
      <fetcher.Form method="post" action={ACTION_PATH} className="space-y-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="artNo" value={product.artNo} />
        <div className="grid gap-4 sm:grid-cols-2">
          {text("brand", "Brand")}
          {text("shortDescription", "Short description", 500)}
        </div>
        <Field
          id={id("long")}
          label="Long description (HTML)"
          hint="Sanitised on save: scripts, styles and event handlers are removed."
        >
          <textarea
            id={id("long")}
            name="longDescriptionHtml"
            rows={4}
            defaultValue={product.longDescriptionHtml ?? ""}
            className={areaClass}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={id("category")} label="Category">
            <select
              id={id("category")}
              name="categoryId"
              defaultValue={product.categoryId ?? ""}
              className={selectClass}
            >
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name} ({category.id})
                </option>
              ))}
            </select>
          </Field>
          <Field id={id("consumer")} label="Consumer price (€)">
            <Input
              id={id("consumer")}
              name="consumerPrice"
              inputMode="decimal"
              required
              placeholder="12,95"
              defaultValue={centsText(product.consumerPriceCents)}
            />
          </Field>
          <Field id={id("discounted")} label="Discounted price (€, optional)">
            <Input
              id={id("discounted")}
              name="discountedPrice"
              inputMode="decimal"
              placeholder="Empty: no offer"
              defaultValue={centsText(product.discountedPriceCents)}
            />
          </Field>
          <Field id={id("vat")} label="VAT rate">
            <select id={id("vat")} name="vatRate" defaultValue={String(product.vatRate)} className={selectClass}>
              <option value="21">21%</option>
              <option value="9">9%</option>
            </select>
          </Field>
          <Field id={id("status")} label="Status">
            <select
              id={id("status")}
              name="status"
              defaultValue={String(product.status === 1 ? 1 : 0)}
              className={selectClass}
            >
              <option value="1">Active (1)</option>
              <option value="0">Inactive (0)</option>
            </select>
          </Field>
          <Field id={id("stock")} label="Stock quantity">
            <Input
              id={id("stock")}
              name="stockQuantity"
              inputMode="numeric"
              placeholder="Unknown"
              defaultValue={product.stockQuantity == null ? "" : String(product.stockQuantity)}
            />
          </Field>
        </div>
        <Field
          id={id("images")}
          label="Images"
          hint="One per line: a path such as /media/products/1.svg or an http(s) URL."
        >
          <textarea
            id={id("images")}
            name="images"
            rows={2}
            defaultValue={product.images.join("\n")}
            className={areaClass}
          />
        </Field>
        <ProductImageUpload artNo={product.artNo} imagesFieldId={id("images")} />
        <div className="grid gap-4 sm:grid-cols-3">
          {text("colour", "Colour", 100)}
          {text("material", "Material", 100)}
          {text("size", "Size", 100)}
          {text("type", "Type", 100)}
          {text("articleKeyword", "Keyword")}
        </div>
        <div className="sticky bottom-0 -mx-5 -mb-4 flex justify-end gap-2 border-t border-line bg-white px-5 py-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save changes"}
          </Button>
        </div>
      </fetcher.Form>
      <TagEditor artNo={product.artNo} tags={product.tags} />
    </PanelDialog>
  );
}

function TagEditor({ artNo, tags }: { artNo: number; tags: string[] }) {
  const add = useFetcher<AdminActionResult>();
  useResultToast(add.data);
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-tags`} className="mt-6 space-y-3 border-t border-line pt-4">
      <h3 id={`${ids}-tags`} className="font-semibold">
        Tags
      </h3>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags of this product">
          {tags.map((tag) => (
            <TagChip key={tag} artNo={artNo} tag={tag} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No tags yet.</p>
      )}
      <add.Form
        method="post"
        action={ACTION_PATH}
        className="flex gap-2"
        key={add.data?.ok ? `added-${tags.length}` : "form"}
      >
        <input type="hidden" name="intent" value="tag-add" />
        <input type="hidden" name="artNo" value={artNo} />
        <Label htmlFor={`${ids}-new-tag`} className="sr-only">
          New tag
        </Label>
        <Input id={`${ids}-new-tag`} name="tag" maxLength={50} placeholder="New tag" />
        <Button type="submit" variant="outline" disabled={add.state !== "idle"}>
          <Tag aria-hidden />
          Add tag
        </Button>
      </add.Form>
    </section>
  );
}

function TagChip({ artNo, tag }: { artNo: number; tag: string }) {
  const remove = useFetcher<AdminActionResult>();
  useResultToast(remove.data);
  return (
    <li className="inline-flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-1 pl-3 text-sm">
      {tag}
      <remove.Form method="post" action={ACTION_PATH}>
        <input type="hidden" name="intent" value="tag-remove" />
        <input type="hidden" name="artNo" value={artNo} />
        <input type="hidden" name="tag" value={tag} />
        <button
          type="submit"
          aria-label={`Remove tag ${tag}`}
          disabled={remove.state !== "idle"}
          className="rounded-full p-1 hover:bg-white"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      </remove.Form>
    </li>
  );
}
