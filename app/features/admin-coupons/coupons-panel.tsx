import { Pencil, Plus, Trash2 } from "lucide-react";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { useId } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { Button } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";
import { amsterdamDayOf, type AdminCoupon, type CouponField } from "./coupon-admin";
import { formatEuro } from "~/shared/money/money";
import { cn } from "~/shared/ui/cn";
import { AdminTime } from "~/shared/dates/admin-time";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { SwitchButton } from "~/shared/admin-ui/switch-button";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { UrlDialog, UrlDialogActions, useCloseOnSuccess } from "~/shared/admin-ui/url-dialog";

const PANEL_PATH = "/admin/coupons";

/** An action's answer; a refused form names the field its message is about. */
export type CouponActionResult = AdminActionResult & { field?: string };

/** Cents as the admin types them back into a field: "12,50". */
function euroInput(cents: number | null): string {
  return cents == null ? "" : (cents / 100).toFixed(2).replace(".", ",");
}

function valueText(coupon: AdminCoupon): string {
  return coupon.discountType === "percentage" ? `${coupon.discountValue}%` : formatEuro(coupon.discountValue);
}

/**
 * "Coupon Management" (spec 1 §2.15): the coupons newest first, a create/edit dialog and the switch
 * to (de)activate. Every change is a POST form (works without JavaScript); with JavaScript a
 * fetcher sends it and the answer is a toast. Dialogs open from the URL (?coupon=new, ?coupon=<id>,
 * ?delete=<id>).
 */
export function CouponsPanel({
  coupons,
  loadError,
  result,
}: {
  coupons: AdminCoupon[] | null;
  loadError: string | null;
  result: CouponActionResult | undefined;
}) {
  const [params] = useSearchParams();
  const editing = params.get("coupon");
  const deleting = params.get("delete");
  const editCoupon = editing && editing !== "new" ? coupons?.find((c) => c.id === editing) : undefined;
  const deleteCoupon = deleting ? coupons?.find((c) => c.id === deleting) : undefined;

  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Coupon Management
        </h2>
        {coupons ? (
          <div className="flex flex-wrap items-center gap-3">
            <ChangeHistoryLink entityType="coupon" label="all coupons" />
            <Button asChild size="sm">
              <Link to="?coupon=new" preventScrollReset>
                <Plus aria-hidden />
                New coupon
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      {/* Without JavaScript a form's answer shows here; a refused dialog form shows it in the dialog. */}
      {editing == null ? <ActionMessage result={result} /> : null}
      {loadError ? (
        <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-medium text-danger">{loadError}</p>
          <Form method="get" action={PANEL_PATH}>
            <Button type="submit" variant="outline" size="sm">
              Try again
            </Button>
          </Form>
        </div>
      ) : null}
      {coupons ? (
        coupons.length === 0 ? (
          <p className="text-muted">No coupons yet.</p>
        ) : (
          <CouponTable coupons={coupons} />
        )
      ) : null}
      {coupons && editing === "new" ? <CouponDialog key="new" coupon={null} serverResult={result} /> : null}
      {editCoupon ? <CouponDialog key={editCoupon.id} coupon={editCoupon} serverResult={result} /> : null}
      {deleteCoupon ? <DeleteDialog key={deleteCoupon.id} coupon={deleteCoupon} /> : null}
    </section>
  );
}

const HEADINGS = ["Code", "Type", "Value", "Min. order", "Max. discount", "Used / limit", "Valid until", "Active"];

function CouponTable({ coupons }: { coupons: AdminCoupon[] }) {
  // A table on wider screens; below 768 px each row is a card with its labels, actions in reach.
  return (
    <table className="w-full border-collapse text-left text-sm max-md:block">
      <caption className="sr-only">Coupons, newest first</caption>
      <thead className="bg-surface text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr>
          {HEADINGS.map((heading) => (
            <th key={heading} scope="col" className="px-3 py-3 font-semibold">
              {heading}
            </th>
          ))}
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {coupons.map((coupon) => (
          <CouponRow key={coupon.id} coupon={coupon} />
        ))}
      </tbody>
    </table>
  );
}

/** A cell that shows its column's name before the value on a phone (where the header is hidden). */
function Cell({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <td
      className={cn("px-3 py-2 max-md:flex max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-0.5", className)}
    >
      <span aria-hidden className="text-muted md:hidden">
        {label}
      </span>
      <span>{children}</span>
    </td>
  );
}

function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const toggle = useFetcher<CouponActionResult>();
  useResultToast(toggle.data);
  const pending = toggle.formData?.get("active");
  const active = pending === "true" ? true : pending === "false" ? false : coupon.isActive;

  return (
    <tr className="border-t border-line align-middle max-md:block max-md:rounded-lg max-md:border max-md:p-3">
      <th scope="row" className="px-3 py-2 font-mono font-semibold text-ink max-md:block max-md:p-0 max-md:pb-1">
        {coupon.code}
      </th>
      <Cell label="Type">{coupon.discountType === "percentage" ? "Percentage" : "Fixed"}</Cell>
      <Cell label="Value">{valueText(coupon)}</Cell>
      <Cell label="Min. order">{formatEuro(coupon.minOrderValueCents)}</Cell>
      <Cell label="Max. discount">
        {coupon.maxDiscountAmountCents == null ? "—" : formatEuro(coupon.maxDiscountAmountCents)}
      </Cell>
      <Cell label="Used / limit">
        {coupon.usageCount} / {coupon.usageLimit ?? "∞"}
      </Cell>
      <Cell label="Valid until">
        {/* The admin's one date format (issue 28), not spec 2 §9's dd/MM/yyyy: ADR 0032. */}
        {coupon.validUntil ? <AdminTime value={coupon.validUntil} show="date" /> : "No expiry"}
        {coupon.expired ? <span className="block text-xs text-danger">(expired)</span> : null}
      </Cell>
      <td className="px-3 py-2 max-md:flex max-md:items-center max-md:justify-between max-md:px-0 max-md:py-1">
        <span aria-hidden className="text-muted md:hidden">
          Active
        </span>
        <toggle.Form method="post" action={PANEL_PATH} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={coupon.id} />
          <SwitchButton checked={active} aria-label={`Active: ${coupon.code}`} name="active" />
        </toggle.Form>
      </td>
      <td className="px-3 py-2 text-right max-md:block max-md:px-0 max-md:pt-2 max-md:text-left">
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button asChild size="sm" variant="outline">
            <Link to={`?coupon=${coupon.id}`} preventScrollReset aria-label={`Edit ${coupon.code}`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
          {coupon.used ? null : (
            <Button asChild size="sm" variant="outline" className="text-danger">
              <Link to={`?delete=${coupon.id}`} preventScrollReset aria-label={`Delete ${coupon.code}`}>
                <Trash2 aria-hidden />
                Delete
              </Link>
            </Button>
          )}
          <ChangeHistoryLink entityType="coupon" entityId={String(coupon.id)} label={coupon.code} compact />
        </div>
      </td>
    </tr>
  );
}

function CouponDialog({
  coupon,
  serverResult,
}: {
  coupon: AdminCoupon | null;
  /** The answer to the form sent without JavaScript. */
  serverResult: CouponActionResult | undefined;
}) {
  const fetcher = useFetcher<CouponActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, PANEL_PATH);
  const answer = fetcher.data ?? serverResult;
  const refused = answer && !answer.ok ? answer : null;
  const saving = fetcher.state !== "idle";
  const ids = useId();
  const id = (name: CouponField) => `${ids}-${name}`;
  /** The field the server refused gets its message under it and is marked invalid. */
  const fieldProps = (name: CouponField) =>
    refused?.field === name ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {};
  const fieldError = (name: CouponField) =>
    refused?.field === name ? (
      <p id={`${id(name)}-error`} className="text-sm text-danger">
        {refused.title}
      </p>
    ) : null;

  return (
    <UrlDialog closeTo={PANEL_PATH} title={coupon ? `Edit coupon ${coupon.code}` : "New coupon"} lang="en" wide>
      <fetcher.Form method="post" action={PANEL_PATH} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
        {refused && !refused.field ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-danger">
            {refused.title}
            {refused.description ? `: ${refused.description}` : null}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={id("code")}>Code</Label>
            <Input
              id={id("code")}
              name="code"
              required
              minLength={3}
              maxLength={40}
              autoComplete="off"
              defaultValue={coupon?.code ?? ""}
              {...fieldProps("code")}
            />
            {fieldError("code")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("discountType")}>Discount type</Label>
            <select
              id={id("discountType")}
              name="discountType"
              defaultValue={coupon?.discountType ?? "percentage"}
              className="flex h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm"
              {...fieldProps("discountType")}
            >
              <option value="percentage">Percentage (%)</option>
              <option value="fixed">Fixed amount (€)</option>
            </select>
            {fieldError("discountType")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("discountValue")}>Discount value</Label>
            <Input
              id={id("discountValue")}
              name="discountValue"
              inputMode="decimal"
              required
              defaultValue={
                coupon
                  ? coupon.discountType === "percentage"
                    ? String(coupon.discountValue)
                    : euroInput(coupon.discountValue)
                  : ""
              }
              {...fieldProps("discountValue")}
            />
            {fieldError("discountValue")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("minOrderValue")}>Minimum order value (€)</Label>
            <Input
              id={id("minOrderValue")}
              name="minOrderValue"
              inputMode="decimal"
              defaultValue={coupon ? euroInput(coupon.minOrderValueCents) : "0"}
              {...fieldProps("minOrderValue")}
            />
            {fieldError("minOrderValue")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("maxDiscountAmount")}>Maximum discount (€, optional)</Label>
            <Input
              id={id("maxDiscountAmount")}
              name="maxDiscountAmount"
              inputMode="decimal"
              defaultValue={euroInput(coupon?.maxDiscountAmountCents ?? null)}
              {...fieldProps("maxDiscountAmount")}
            />
            {fieldError("maxDiscountAmount")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("usageLimit")}>Usage limit (optional)</Label>
            <Input
              id={id("usageLimit")}
              name="usageLimit"
              inputMode="numeric"
              defaultValue={coupon?.usageLimit == null ? "" : String(coupon.usageLimit)}
              {...fieldProps("usageLimit")}
            />
            {fieldError("usageLimit")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={id("validUntil")}>Valid until (optional)</Label>
            <Input
              id={id("validUntil")}
              name="validUntil"
              type="date"
              aria-describedby={`${id("validUntil")}-hint`}
              defaultValue={coupon?.validUntil ? amsterdamDayOf(coupon.validUntil) : ""}
              {...fieldProps("validUntil")}
            />
            <p id={`${id("validUntil")}-hint`} className="text-xs text-muted">
              Valid through the end of this day (Amsterdam time). Empty: no expiry.
            </p>
            {fieldError("validUntil")}
          </div>
          <div className="flex items-center gap-2 self-center">
            <input
              id={id("isActive")}
              type="checkbox"
              name="isActive"
              value="true"
              defaultChecked={coupon?.isActive ?? true}
              className="size-5 accent-accent-600"
            />
            {/* Sent only when the box is unchecked: the form always says active or not. */}
            <input type="hidden" name="isActive" value="false" />
            <Label htmlFor={id("isActive")}>Active</Label>
          </div>
        </div>
        <UrlDialogActions
          closeTo={PANEL_PATH}
          cancelLabel="Cancel"
          submitLabel={coupon ? "Save changes" : "Create coupon"}
          busyLabel="Saving…"
          busy={saving}
        />
      </fetcher.Form>
    </UrlDialog>
  );
}

function DeleteDialog({ coupon }: { coupon: AdminCoupon }) {
  const fetcher = useFetcher<CouponActionResult>();
  useResultToast(fetcher.data);
  useCloseOnSuccess(fetcher.data, PANEL_PATH);
  const busy = fetcher.state !== "idle";
  return (
    <UrlDialog
      closeTo={PANEL_PATH}
      title="Delete coupon"
      description={`Delete coupon ${coupon.code}? This cannot be undone.`}
      lang="en"
    >
      <fetcher.Form method="post" action={PANEL_PATH} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={coupon.id} />
        <Button asChild variant="outline">
          <Link to={PANEL_PATH} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          Delete
        </Button>
      </fetcher.Form>
    </UrlDialog>
  );
}
