import { ChevronLeft, ChevronRight, EyeOff, Pencil, Search, Tag, Trash2, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { AdminProductDetail, AdminProductPage } from "~/domain/catalog-admin/product-types";
import { formatEuro } from "~/domain/money/money";
import { cn } from "~/lib/cn";
import { ActionMessage } from "./action-message";
import { ChangeHistoryLink } from "./change-log";
import { UrlDialog, useCloseOnSuccess } from "./url-dialog";
import { useResultToast, type AdminActionResult } from "./admin-actions";

/** Every form of the tab posts here, also when the tab is shown at /admin or /admin/product-management. */
const ACTION_PATH = "/admin/products";

type Props = {
  search: string;
  page: AdminProductPage | null;
  pageNumber: number;
  editing: AdminProductDetail | null;
  deleting: { artNo: number; shortDescription: string | null } | null;
  categories: { id: number; name: string }[];
  loadError: string | null;
  result: AdminActionResult | undefined;
};

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

/**
 * The Product Management tab (spec 1 §2.15): search (ArtNo, brand, description), the table 50 a page
 * with edit, delete and set inactive, and the "Update Product" dialog with the product's tags. Every
 * change is a POST form (works without JavaScript); with JavaScript a fetcher sends it and the answer
 * is a toast. The dialogs are opened by the URL (?edit=<artNo>, ?delete=<artNo>).
 */
export function ProductsPanel({ search, page, pageNumber, editing, deleting, categories, loadError, result }: Props) {
  const href = useHref();
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Product Management
        </h2>
        <Form method="get" role="search" className="flex w-full gap-2 sm:w-auto">
          <Label htmlFor="admin-product-search" className="sr-only">
            Search products by ArtNo, brand or description
          </Label>
          <Input
            id="admin-product-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={100}
            placeholder="ArtNo, brand or description"
            className="sm:w-72"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </Form>
      </div>
      <ActionMessage result={result} />
      {loadError ? (
        <p role="alert" className="font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {page ? (
        page.rows.length === 0 ? (
          <p className="text-muted">{search ? `No products match "${search}".` : "There are no products yet."}</p>
        ) : (
          <ProductTable page={page} />
        )
      ) : null}
      {page && (page.prevBefore != null || page.nextAfter != null) ? (
        <nav aria-label="Product pages" className="flex items-center justify-between gap-3">
          {page.prevBefore != null ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={href({
                  before: page.prevBefore,
                  after: null,
                  page: pageNumber - 1 > 1 ? pageNumber - 1 : null,
                  edit: null,
                  delete: null,
                })}
                rel="prev"
              >
                <ChevronLeft aria-hidden />
                Previous page
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted" aria-current="page">
            Page {pageNumber}
          </span>
          {page.nextAfter != null ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={href({ after: page.nextAfter, before: null, page: pageNumber + 1, edit: null, delete: null })}
                rel="next"
              >
                Next page
                <ChevronRight aria-hidden />
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {editing ? <EditDialog key={editing.artNo} product={editing} categories={categories} /> : null}
      {deleting ? <DeleteDialog key={deleting.artNo} product={deleting} /> : null}
    </section>
  );
}

function ProductTable({ page }: { page: AdminProductPage }) {
  const cell = "px-3 py-2 max-md:p-0";
  return (
    <table className="w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Products in ArtNo order</caption>
      <thead className="bg-surface text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr>
          {["ArtNo", "Brand", "Description", "Category", "Consumer Price", "Discounted Price"].map((name) => (
            <th key={name} scope="col" className="px-3 py-3 font-semibold">
              {name}
            </th>
          ))}
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {page.rows.map((row) => (
          <tr
            key={row.artNo}
            className="border-t border-line align-top max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
          >
            <td className={cn(cell, "font-mono tabular-nums")}>
              <span className="text-muted md:hidden">ArtNo </span>
              {row.artNo}
              {row.status !== 1 ? (
                <Badge variant="outline" className="ml-2">
                  Inactive
                </Badge>
              ) : !row.isListed ? (
                <Badge variant="outline" className="ml-2">
                  Not listed
                </Badge>
              ) : null}
            </td>
            <td className={cn(cell, "font-medium")}>{row.brand ?? "—"}</td>
            <th scope="row" className={cn(cell, "font-normal")}>
              {row.shortDescription ?? "—"}
            </th>
            <td className={cn(cell, "text-muted")}>
              <span className="md:hidden">Category: </span>
              {row.categoryName ?? (row.categoryId == null ? "—" : String(row.categoryId))}
            </td>
            <td className={cn(cell, "tabular-nums")}>
              <span className="text-muted md:hidden">Consumer price: </span>
              {row.consumerPriceCents == null ? "—" : formatEuro(row.consumerPriceCents)}
            </td>
            <td className={cn(cell, "tabular-nums")}>
              <span className="text-muted md:hidden">Discounted price: </span>
              {row.discountedPriceCents == null ? "—" : formatEuro(row.discountedPriceCents)}
            </td>
            <td className={cn(cell, "text-right max-md:pt-2 max-md:text-left lg:whitespace-nowrap")}>
              <RowActions
                artNo={row.artNo}
                name={row.shortDescription ?? String(row.artNo)}
                active={row.status === 1}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RowActions({ artNo, name, active }: { artNo: number; name: string; active: boolean }) {
  const href = useHref();
  const inactive = useFetcher<AdminActionResult>();
  useResultToast(inactive.data);
  return (
    <div className="flex flex-wrap gap-2 md:justify-end lg:flex-nowrap">
      <Button asChild size="sm" variant="outline">
        <Link to={href({ edit: artNo, delete: null })} preventScrollReset aria-label={`Edit ${name}`}>
          <Pencil aria-hidden />
          Edit
        </Link>
      </Button>
      {active ? (
        <inactive.Form method="post" action={ACTION_PATH}>
          <input type="hidden" name="intent" value="set-inactive" />
          <input type="hidden" name="artNo" value={artNo} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={inactive.state !== "idle"}
            aria-label={`Set inactive: ${name}`}
          >
            <EyeOff aria-hidden />
            Set inactive
          </Button>
        </inactive.Form>
      ) : null}
      <Button asChild size="sm" variant="outline" className="text-danger">
        <Link to={href({ delete: artNo, edit: null })} preventScrollReset aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden />
          Delete
        </Link>
      </Button>
      <ChangeHistoryLink entityType="product" entityId={String(artNo)} label={name} compact />
    </div>
  );
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

function EditDialog({
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
    <section aria-labelledby={`${ids}-tags`} className="mt-6 space-y-3 border-t border-line pt-4" lang="nl">
      <h3 id={`${ids}-tags`} className="font-semibold">
        Tags
      </h3>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags van dit product">
          {tags.map((tag) => (
            <TagChip key={tag} artNo={artNo} tag={tag} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nog geen tags.</p>
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
          Nieuwe tag
        </Label>
        <Input id={`${ids}-new-tag`} name="tag" maxLength={50} placeholder="Nieuwe tag" />
        <Button type="submit" variant="outline" disabled={add.state !== "idle"}>
          <Tag aria-hidden />
          Tag toevoegen
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
          aria-label={`Tag ${tag} verwijderen`}
          disabled={remove.state !== "idle"}
          className="rounded-full p-1 hover:bg-white"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      </remove.Form>
    </li>
  );
}

function DeleteDialog({ product }: { product: { artNo: number; shortDescription: string | null } }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, useCloseTo());
  const href = useHref();
  return (
    <PanelDialog
      title="Delete product?"
      description={`${product.shortDescription ?? "This product"} (ArtNo ${product.artNo}) is removed from the shop for good. Past orders keep their own copy of its name and price.`}
    >
      <fetcher.Form method="post" action={ACTION_PATH} className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="artNo" value={product.artNo} />
        <Button asChild variant="outline">
          <Link to={href({ delete: null })} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
          <Trash2 aria-hidden />
          Delete product
        </Button>
      </fetcher.Form>
    </PanelDialog>
  );
}
