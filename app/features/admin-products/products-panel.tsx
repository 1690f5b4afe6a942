import {
  ChevronLeft,
  ChevronRight,
  Download,
  Eye,
  EyeOff,
  FolderInput,
  Pencil,
  Percent,
  Search,
  Trash2,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { useResultToast } from "~/shared/admin-ui/admin-actions";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { EditDialog } from "./edit-dialog";
import { UrlDialog } from "~/shared/admin-ui/url-dialog";
import { Badge } from "~/shared/ui/badge";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { formatEuro } from "~/shared/money/money";
import { cn } from "~/shared/ui/cn";
import { toast } from "~/shared/actions/toast";
import type { ProductListPage, ProductListRow } from "./product-list-types";
import {
  hasProductFilters,
  LOW_STOCK_THRESHOLD,
  productFilterParams,
  productFilterQuery,
  productTotalText,
  type ProductListFilters,
} from "./products-query";
import type { BulkDialogView, ProductActionResult, ProductNameView, ProductsTabData } from "./products-tab-data";

/** Every form of the tab posts here, also when the tab is shown at /admin or /admin/product-management. */
const ACTION_PATH = "/admin/products";
/** The GET form the row checkboxes and the bulk buttons belong to: it opens the bulk dialog. */
const BULK_FORM_ID = "products-bulk";

type Props = ProductsTabData & { result: ProductActionResult | undefined };

/** The current URL with some query parameters set or removed (null removes). */
function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      params.delete(key);
      if (value != null && value !== "") params.set(key, String(value));
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** The list without any dialog: where dialogs close to. */
const DIALOG_PARAMS = { edit: null, delete: null, inactive: null, bulk: null, scope: null, sel: null };

function useCloseTo() {
  return useHref()(DIALOG_PARAMS);
}

/** Shows an answer as a toast; with an `undo`, the toast has an Undo button that posts it. */
function useShowResult() {
  const undo = useFetcher<ProductActionResult>({ key: "admin-products-undo" });
  useResultToast(undo.data);
  const submit = undo.submit;
  return useCallback(
    (result: ProductActionResult) => {
      const show = result.ok ? toast.success : toast.error;
      const reverse = result.undo;
      show(result.title, {
        description: result.description,
        ...(reverse
          ? {
              duration: 10_000,
              action: {
                label: reverse.label,
                onClick: () => void submit(reverse.fields, { method: "post", action: ACTION_PATH }),
              },
            }
          : {}),
      });
    },
    [submit],
  );
}

type ShowResult = ReturnType<typeof useShowResult>;

/** A dialog's fetcher: its answer goes to the panel's toast, and a success closes the dialog. */
function useDialogFetcher(showResult: ShowResult) {
  const fetcher = useFetcher<ProductActionResult>();
  const navigate = useNavigate();
  const closeTo = useCloseTo();
  const shown = useRef<ProductActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || shown.current === result) return;
    shown.current = result;
    showResult(result);
    if (result.ok) void navigate(closeTo, { preventScrollReset: true });
  }, [fetcher.data, showResult, navigate, closeTo]);
  return fetcher;
}

/**
 * Product Management (spec 1 §2.15, issue 29): search and filters (category, status, on offer, stock),
 * the total, CSV export of the filtered list, the table 50 a page with stock and status, row actions
 * (edit, set inactive or active, delete; inactive and delete ask first and can be undone), and bulk
 * actions on the ticked rows or on the whole filter. Works without JavaScript: filters and bulk
 * buttons are GET forms, the dialogs are drawn by the server from the URL, answers show on the page.
 */
export function ProductsPanel(props: Props) {
  const { filters, page, total, pageNumber, categories, editing, deleting, deactivating, bulk, loadError, result } =
    props;
  const href = useHref();
  const showResult = useShowResult();
  const hydrated = useHydrated();
  const pageIds = page?.rows.map((row) => row.artNo) ?? [];
  // The ticks belong to one page of one filter: another page or filter starts with nothing ticked.
  const listKey = `${productFilterQuery(filters)}#${pageIds[0] ?? ""}`;
  const [ticks, setTicks] = useState<{ list: string; ids: ReadonlySet<number> }>({ list: listKey, ids: new Set() });
  const selected = ticks.list === listKey ? ticks.ids : new Set<number>();
  const setSelected = (update: (current: ReadonlySet<number>) => ReadonlySet<number>) =>
    setTicks((current) => ({ list: listKey, ids: update(current.list === listKey ? current.ids : new Set()) }));
  const exportQuery = productFilterQuery(filters);

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        Product Management
      </h2>
      <ProductFilters filters={filters} categories={categories} />
      <NoScriptAnswer result={result} />
      {loadError ? (
        <p role="alert" className="font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {page ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium" aria-live="polite">
              {total ? productTotalText(total) : ""}
              {hasProductFilters(filters) && total ? (
                <span className="text-muted">
                  {total.count === 1 && total.exact ? " matches" : " match"} the filters
                </span>
              ) : null}
            </p>
            <a
              href={`/admin/products/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Download aria-hidden />
              Export CSV
            </a>
          </div>
          {page.rows.length === 0 ? (
            <p className="text-muted">
              {productFilterParams(filters).length === 1 && filters.search
                ? `No products match "${filters.search}".`
                : hasProductFilters(filters)
                  ? "No products match these filters."
                  : "There are no products yet."}
            </p>
          ) : (
            <>
              <BulkBar
                filters={filters}
                pageIds={pageIds}
                selected={selected}
                hydrated={hydrated}
                total={total ? productTotalText(total) : null}
                onSelectAll={(all) => setSelected(() => (all ? new Set(pageIds) : new Set()))}
              />
              <ProductTable
                page={page}
                selected={selected}
                onSelect={(artNo, on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(artNo);
                    else next.delete(artNo);
                    return next;
                  })
                }
                showResult={showResult}
              />
            </>
          )}
        </>
      ) : null}
      {page && (page.prevBefore != null || page.nextAfter != null) ? (
        <nav aria-label="Product pages" className="flex items-center justify-between gap-3">
          {page.prevBefore != null ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={href({
                  ...DIALOG_PARAMS,
                  before: page.prevBefore,
                  after: null,
                  page: pageNumber - 1 > 1 ? pageNumber - 1 : null,
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
                to={href({ ...DIALOG_PARAMS, after: page.nextAfter, before: null, page: pageNumber + 1 })}
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
      {deleting ? <DeleteDialog key={deleting.artNo} product={deleting} showResult={showResult} /> : null}
      {deactivating ? <InactiveDialog key={deactivating.artNo} product={deactivating} showResult={showResult} /> : null}
      {bulk ? <BulkDialog bulk={bulk} filters={filters} categories={categories} showResult={showResult} /> : null}
    </section>
  );
}

/** The answer to a form sent without JavaScript, with its Undo as a plain form. */
function NoScriptAnswer({ result }: { result: ProductActionResult | undefined }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
          : "rounded-lg border border-red-200 bg-red-50 p-4 text-danger"
      }
    >
      <p className="font-semibold">{result.title}</p>
      {result.description ? <p className="text-sm">{result.description}</p> : null}
      {result.undo ? (
        <Form method="post" action={ACTION_PATH} className="mt-2">
          {Object.entries(result.undo.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="outline" size="sm">
            {result.undo.label}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-line bg-white px-3 text-base md:text-sm focus-visible:outline-2";

/** The search box and filters: one GET form, so the URL holds them (other tabs link to them). */
function ProductFilters({
  filters,
  categories,
}: {
  filters: ProductListFilters;
  categories: { id: number; name: string }[];
}) {
  const field = "flex min-w-0 flex-col gap-1.5";
  return (
    <Form
      method="get"
      action={ACTION_PATH}
      role="search"
      aria-label="Search and filter products"
      key={productFilterQuery(filters)}
      className="grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 md:grid-cols-4 xl:grid-cols-6"
    >
      <div className={cn(field, "col-span-2")}>
        <Label htmlFor="admin-product-search">Search products by ArtNo, brand or description</Label>
        <Input
          id="admin-product-search"
          type="search"
          name="q"
          defaultValue={filters.search}
          maxLength={100}
          placeholder="ArtNo, brand or description"
        />
      </div>
      <div className={cn(field, "col-span-2 md:col-span-2")}>
        <Label htmlFor="admin-product-cat">Category</Label>
        <select id="admin-product-cat" name="cat" defaultValue={filters.categoryId ?? ""} className={selectClass}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <Label htmlFor="admin-product-status">Status</Label>
        <select id="admin-product-status" name="status" defaultValue={filters.status ?? ""} className={selectClass}>
          <option value="">Active and inactive</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      <div className={field}>
        <Label htmlFor="admin-product-stock">Stock</Label>
        <select id="admin-product-stock" name="stock" defaultValue={filters.stock ?? ""} className={selectClass}>
          <option value="">Any stock</option>
          <option value="out">Out of stock (0)</option>
          <option value="low">Low stock (1–{LOW_STOCK_THRESHOLD})</option>
        </select>
      </div>
      <div className="col-span-2 flex items-center gap-2 md:col-span-1">
        <input
          id="admin-product-offer"
          name="offer"
          type="checkbox"
          value="1"
          defaultChecked={filters.offer}
          className="size-5 accent-brand-700"
        />
        <label htmlFor="admin-product-offer" className="text-sm font-medium">
          On offer
        </label>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-3 xl:col-span-5 xl:justify-end">
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
        {hasProductFilters(filters) ? (
          <Link to={ACTION_PATH} className="text-sm font-medium text-brand-700 underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * Above the table: select all on this page, the scope (the ticked rows or every product the filter
 * matches) and the three bulk actions. A GET form: it opens the bulk dialog on the list's URL
 * (?bulk=…&scope=…&sel=…), drawn by the server, so it works without JavaScript too.
 */
function BulkBar({
  filters,
  pageIds,
  selected,
  hydrated,
  total,
  onSelectAll,
}: {
  filters: ProductListFilters;
  pageIds: number[];
  selected: ReadonlySet<number>;
  hydrated: boolean;
  total: string | null;
  onSelectAll: (all: boolean) => void;
}) {
  const count = pageIds.filter((id) => selected.has(id)).length;
  const allSelected = pageIds.length > 0 && count === pageIds.length;
  const [scope, setScope] = useState<"selection" | "filter">("selection");
  return (
    <Form
      id={BULK_FORM_ID}
      method="get"
      action={ACTION_PATH}
      preventScrollReset
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-line bg-white px-4 py-3"
    >
      {productFilterParams(filters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) => onSelectAll(event.currentTarget.checked)}
            className="size-5 accent-brand-700"
          />
          Select all on this page
        </label>
      ) : null}
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">Apply to</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="scope"
            value="selection"
            checked={scope === "selection"}
            onChange={() => setScope("selection")}
            className="size-4 accent-brand-700"
          />
          {hydrated ? `Selected (${count})` : "Selected products"}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="scope"
            value="filter"
            checked={scope === "filter"}
            onChange={() => setScope("filter")}
            className="size-4 accent-brand-700"
          />
          {total ? `All ${total} ${hasProductFilters(filters) ? "matching the filters" : ""}`.trim() : "All matching"}
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-2 md:ml-auto">
        <BulkButton value="price" icon={<Percent aria-hidden />} label="Change price" />
        <BulkButton value="status" icon={<Eye aria-hidden />} label="Set status" />
        <BulkButton value="category" icon={<FolderInput aria-hidden />} label="Move to category" />
      </div>
    </Form>
  );
}

function BulkButton({ value, icon, label }: { value: string; icon: ReactNode; label: string }) {
  return (
    <Button type="submit" name="bulk" value={value} variant="outline" size="sm">
      {icon}
      {label}
    </Button>
  );
}

/** The stock cell: the quantity, with a badge when it is out (0 or less) or low (1 to the threshold). */
function StockCell({ quantity }: { quantity: number | null }) {
  if (quantity == null) return <span className="text-muted">Unknown</span>;
  const badge =
    quantity <= 0 ? (
      <Badge variant="danger" className="whitespace-nowrap">
        Out of stock
      </Badge>
    ) : quantity <= LOW_STOCK_THRESHOLD ? (
      <Badge variant="warning" className="whitespace-nowrap">
        Low
      </Badge>
    ) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="tabular-nums">{quantity}</span> {badge}
    </span>
  );
}

function ProductTable({
  page,
  selected,
  onSelect,
  showResult,
}: {
  page: ProductListPage;
  selected: ReadonlySet<number>;
  onSelect: (artNo: number, on: boolean) => void;
  showResult: ShowResult;
}) {
  const cell = "px-3 py-2 max-md:p-0";
  return (
    <table className="w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Products in ArtNo order</caption>
      <thead className="bg-surface text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr>
          <th scope="col" className="px-3 py-3">
            <span className="sr-only">Select</span>
          </th>
          {["ArtNo", "Brand", "Description", "Category", "Consumer Price", "Discounted Price", "Stock", "Status"].map(
            (name) => (
              <th key={name} scope="col" className="px-3 py-3 font-semibold">
                {name}
              </th>
            ),
          )}
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {page.rows.map((row) => (
          <ProductRow
            key={row.artNo}
            row={row}
            cell={cell}
            checked={selected.has(row.artNo)}
            onSelect={onSelect}
            showResult={showResult}
          />
        ))}
      </tbody>
    </table>
  );
}

function ProductRow({
  row,
  cell,
  checked,
  onSelect,
  showResult,
}: {
  row: ProductListRow;
  cell: string;
  checked: boolean;
  onSelect: (artNo: number, on: boolean) => void;
  showResult: ShowResult;
}) {
  const name = row.shortDescription ?? String(row.artNo);
  const active = row.status === 1;
  return (
    <tr className="border-t border-line align-top max-md:relative max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3 max-md:pl-12">
      <td className={cn(cell, "max-md:absolute max-md:top-3 max-md:left-3")}>
        <input
          type="checkbox"
          form={BULK_FORM_ID}
          name="sel"
          value={row.artNo}
          checked={checked}
          onChange={(event) => onSelect(row.artNo, event.currentTarget.checked)}
          aria-label={`Select ${name}`}
          className="size-5 accent-brand-700"
        />
      </td>
      <td className={cn(cell, "font-mono tabular-nums")}>
        <span className="text-muted md:hidden">ArtNo </span>
        {row.artNo}
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
      <td className={cn(cell, "tabular-nums")}>
        <span className="text-muted md:hidden">Stock: </span>
        <StockCell quantity={row.stockQuantity} />
      </td>
      <td className={cell}>
        <span className="text-muted md:hidden">Status: </span>
        {active ? (
          row.isListed ? (
            <Badge variant="default">Active</Badge>
          ) : (
            <Badge variant="warning" title="Active, but not in the shop: it lacks a brand, price or description">
              Active · not listed
            </Badge>
          )
        ) : (
          <Badge variant="muted">Inactive</Badge>
        )}
      </td>
      <td className={cn(cell, "text-right max-md:pt-2 max-md:text-left xl:whitespace-nowrap")}>
        <RowActions artNo={row.artNo} name={name} active={active} showResult={showResult} />
      </td>
    </tr>
  );
}

function RowActions({
  artNo,
  name,
  active,
  showResult,
}: {
  artNo: number;
  name: string;
  active: boolean;
  showResult: ShowResult;
}) {
  const href = useHref();
  const activate = useFetcher<ProductActionResult>();
  const shown = useRef<ProductActionResult | undefined>(undefined);
  useEffect(() => {
    if (activate.data && shown.current !== activate.data) {
      shown.current = activate.data;
      showResult(activate.data);
    }
  }, [activate.data, showResult]);
  return (
    <div className="flex flex-wrap gap-2 md:justify-end xl:flex-nowrap">
      <Button asChild size="sm" variant="outline">
        <Link to={href({ ...DIALOG_PARAMS, edit: artNo })} preventScrollReset aria-label={`Edit ${name}`}>
          <Pencil aria-hidden />
          Edit
        </Link>
      </Button>
      {active ? (
        <Button asChild size="sm" variant="outline">
          <Link
            to={href({ ...DIALOG_PARAMS, inactive: artNo })}
            preventScrollReset
            aria-label={`Set inactive: ${name}`}
          >
            <EyeOff aria-hidden />
            Set inactive
          </Link>
        </Button>
      ) : (
        <activate.Form method="post" action={ACTION_PATH}>
          <input type="hidden" name="intent" value="set-active" />
          <input type="hidden" name="artNo" value={artNo} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={activate.state !== "idle"}
            aria-label={`Set active: ${name}`}
          >
            <Eye aria-hidden />
            Set active
          </Button>
        </activate.Form>
      )}
      <Button asChild size="sm" variant="outline" className="text-danger">
        <Link to={href({ ...DIALOG_PARAMS, delete: artNo })} preventScrollReset aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden />
          Delete
        </Link>
      </Button>
      <ChangeHistoryLink entityType="product" entityId={String(artNo)} label={name} compact />
    </div>
  );
}

/** "OTE Energy Chews cola 60 g": the description, with the brand before it unless it starts with it. */
function productName(product: ProductNameView): string {
  const description = product.shortDescription ?? "";
  const brand = product.brand ?? "";
  if (brand && !description.toLowerCase().startsWith(brand.toLowerCase())) return `${brand} ${description}`.trim();
  return description || brand || "This product";
}

function ConfirmActions({ busy, children }: { busy: boolean; children: ReactNode }) {
  const closeTo = useCloseTo();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button asChild variant="outline">
        <Link to={closeTo} preventScrollReset>
          Cancel
        </Link>
      </Button>
      <span aria-busy={busy} className="contents">
        {children}
      </span>
    </div>
  );
}

/** "Set product inactive?": the question before it, with Undo in the answer's toast. */
function InactiveDialog({ product, showResult }: { product: ProductNameView; showResult: ShowResult }) {
  const fetcher = useDialogFetcher(showResult);
  const busy = fetcher.state !== "idle";
  return (
    <UrlDialog
      closeTo={useCloseTo()}
      lang="en"
      title="Set product inactive?"
      description={`${productName(product)} (ArtNo ${product.artNo}) leaves the shop: it is no longer listed, found or sold. Its data stays, and you can set it active again.`}
    >
      <fetcher.Form method="post" action={ACTION_PATH}>
        <input type="hidden" name="intent" value="set-inactive" />
        <input type="hidden" name="artNo" value={product.artNo} />
        <ConfirmActions busy={busy}>
          <Button type="submit" disabled={busy}>
            <EyeOff aria-hidden />
            Set inactive
          </Button>
        </ConfirmActions>
      </fetcher.Form>
    </UrlDialog>
  );
}

function DeleteDialog({ product, showResult }: { product: ProductNameView; showResult: ShowResult }) {
  const fetcher = useDialogFetcher(showResult);
  const busy = fetcher.state !== "idle";
  return (
    <UrlDialog
      closeTo={useCloseTo()}
      lang="en"
      title="Delete product?"
      description={`${productName(product)} (ArtNo ${product.artNo}) is removed from the shop with its stock and tags. Undo puts it back; past orders keep their own copy of its name and price.`}
    >
      <fetcher.Form method="post" action={ACTION_PATH}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="artNo" value={product.artNo} />
        <ConfirmActions busy={busy}>
          <Button type="submit" variant="destructive" disabled={busy}>
            <Trash2 aria-hidden />
            Delete product
          </Button>
        </ConfirmActions>
      </fetcher.Form>
    </UrlDialog>
  );
}

const BULK_TITLES = { price: "Change prices", status: "Set status", category: "Move to category" } as const;

/**
 * The bulk dialog: which products (so many ticked, or every product the filter matches, counted now)
 * and the change. Confirming posts the selection or the filter; the server finds the products again.
 */
function BulkDialog({
  bulk,
  filters,
  categories,
  showResult,
}: {
  bulk: BulkDialogView;
  filters: ProductListFilters;
  categories: { id: number; name: string }[];
  showResult: ShowResult;
}) {
  const fetcher = useDialogFetcher(showResult);
  const closeTo = useCloseTo();
  const busy = fetcher.state !== "idle";
  const [mode, setMode] = useState<"percent" | "amount">("percent");
  const who =
    bulk.scope === "filter"
      ? `All ${bulk.count.toLocaleString("en-GB")} ${bulk.count === 1 ? "product" : "products"} ${hasProductFilters(filters) ? "matching the filters" : "in the shop"}`
      : `${bulk.count} selected ${bulk.count === 1 ? "product" : "products"}`;
  const countLabel = `${bulk.count.toLocaleString("en-GB")} ${bulk.count === 1 ? "product" : "products"}`;
  return (
    <UrlDialog
      closeTo={closeTo}
      lang="en"
      title={BULK_TITLES[bulk.kind]}
      description={bulk.problem ? undefined : `${who}.`}
    >
      {bulk.problem ? (
        <div className="space-y-4">
          <p role="alert" className="text-danger">
            {bulk.problem}
          </p>
          <div className="flex justify-end">
            <Button asChild variant="outline">
              <Link to={closeTo} preventScrollReset>
                Back to the list
              </Link>
            </Button>
          </div>
        </div>
      ) : (
        <fetcher.Form method="post" action={ACTION_PATH} className="space-y-4">
          <input type="hidden" name="intent" value={`bulk-${bulk.kind}`} />
          <input type="hidden" name="scope" value={bulk.scope} />
          {bulk.scope === "filter"
            ? productFilterParams(filters).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))
            : bulk.artNos.map((artNo) => <input key={artNo} type="hidden" name="sel" value={artNo} />)}
          {bulk.kind === "price" ? (
            <>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Change the consumer price by</legend>
                <div className="flex flex-wrap gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="mode"
                      value="percent"
                      checked={mode === "percent"}
                      onChange={() => setMode("percent")}
                      className="size-4 accent-brand-700"
                    />
                    Percentage (%)
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="mode"
                      value="amount"
                      checked={mode === "amount"}
                      onChange={() => setMode("amount")}
                      className="size-4 accent-brand-700"
                    />
                    Amount (€)
                  </label>
                </div>
              </fieldset>
              <div className="space-y-1.5">
                <Label htmlFor="bulk-amount">{mode === "percent" ? "Change in %" : "Change in €"}</Label>
                <Input
                  id="bulk-amount"
                  name="amount"
                  inputMode="decimal"
                  required
                  maxLength={12}
                  placeholder={mode === "percent" ? "10 or -5" : "2,50 or -1,00"}
                />
                <p className="text-xs text-muted">
                  A minus lowers the price. A percentage rounds to the nearest cent (half a cent up). A price never goes
                  to € 0,00 or below: such products are left alone. A running offer keeps its price while it stays below
                  the new consumer price, and ends when it does not.
                </p>
              </div>
            </>
          ) : bulk.kind === "status" ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">New status</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name="newStatus" value="active" required className="size-4 accent-brand-700" />
                  Active
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="newStatus" value="inactive" required className="size-4 accent-brand-700" />
                  Inactive
                </label>
              </div>
            </fieldset>
          ) : (
            <div className="space-y-1.5">
              <Label htmlFor="bulk-category">New category</Label>
              <select id="bulk-category" name="newCategory" required defaultValue="" className={selectClass}>
                <option value="">Select a category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name} ({category.id})
                  </option>
                ))}
              </select>
            </div>
          )}
          <p className="text-sm text-muted">Recorded in the change log as one entry.</p>
          <ConfirmActions busy={busy}>
            <Button type="submit" disabled={busy}>
              {busy ? "Working…" : `Apply to ${countLabel}`}
            </Button>
          </ConfirmActions>
        </fetcher.Form>
      )}
    </UrlDialog>
  );
}
