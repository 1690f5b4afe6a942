import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { formatEuro } from "~/shared/money/money";
import { formatInvoiceNumber, shortOrderId } from "~/features/shopper-orders";
import { formatAdminDate } from "~/shared/dates/admin-dates";
import { periodSearch, type PeriodPreset, type PeriodPresetId, type ReportPeriod } from "./period";
import { reportCsvPath, type ReportId } from "./report-csv";
import type { VatReturn } from "./vat-return";

export const BEST_SELLERS_ON_SCREEN = 50;

export const REPORT_TITLES: Record<ReportId, string> = {
  vat: "VAT return",
  refunds: "Refunds",
  coupons: "Coupon use",
  products: "Best-selling products",
};

export type RefundView = {
  number: number;
  issuedAt: Moment;
  orderId: string;
  amountCents: number;
  vatCents: number;
  reason: string | null;
  createdByEmail: string;
};

export type CouponView = {
  code: string;
  uses: number;
  discountCents: number;
  revenueCents: number;
  refundedCents: number;
};

export type ProductView = {
  artNo: string;
  name: string;
  soldPieces: number;
  refundedPieces: number;
  netPieces: number;
  revenueCents: number;
};

export type ReportData =
  | { report: "vat"; vat: VatReturn }
  | { report: "refunds"; refunds: RefundView[] }
  | { report: "coupons"; coupons: CouponView[] }
  | { report: "products"; products: ProductView[]; total: number };

export const REPORTS_LOAD_ERROR = "An unexpected error occurred while making the report";

const reportSearch = (report: ReportId, period: ReportPeriod) =>
  `${periodSearch(period)}${report === "vat" ? "" : `&report=${report}`}`;

/**
 * The Reports tab (issue 29, item 4): a period (dates or a preset, Amsterdam days), one of four
 * reports over it, and its CSV. GET forms and links only: the URL holds the whole state.
 */
export function ReportsPanel({
  report,
  period,
  presets,
  preset,
  data,
  error,
}: {
  report: ReportId;
  period: ReportPeriod;
  presets: PeriodPreset[];
  preset: PeriodPresetId | null;
  data: ReportData | null;
  error: string | null;
}) {
  const csvHref = `${reportCsvPath(report)}${periodSearch(period)}`;
  const chip =
    "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium whitespace-nowrap hover:bg-surface";
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        Reports
      </h2>
      <nav aria-label="Reports" className="flex flex-wrap gap-2">
        {(Object.keys(REPORT_TITLES) as ReportId[]).map((id) => (
          <Link
            key={id}
            to={`/admin/reports${reportSearch(id, period)}`}
            aria-current={id === report ? "page" : undefined}
            className={`${chip} ${id === report ? "border-brand-700 bg-brand-50 text-brand-800" : "border-line"}`}
          >
            {REPORT_TITLES[id]}
          </Link>
        ))}
      </nav>
      <div className="space-y-3 rounded-lg border border-line bg-white p-4">
        <Form
          method="get"
          action="/admin/reports"
          aria-label="Report period"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          {report === "vat" ? null : <input type="hidden" name="report" value={report} />}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="report-from" className="text-sm font-medium">
              From
            </label>
            <Input
              id="report-from"
              name="from"
              type="date"
              required
              defaultValue={period.from}
              key={`f${period.from}`}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="report-to" className="text-sm font-medium">
              To
            </label>
            <Input id="report-to" name="to" type="date" required defaultValue={period.to} key={`t${period.to}`} />
          </div>
          <Button type="submit">Show report</Button>
        </Form>
        <nav aria-label="Periods" className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <Link
              key={p.id}
              to={`/admin/reports${reportSearch(report, p)}`}
              aria-current={p.id === preset ? "page" : undefined}
              className={`${chip} ${p.id === preset ? "border-brand-700 bg-brand-50 text-brand-800" : "border-line"}`}
            >
              {p.label}
            </Link>
          ))}
        </nav>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {data ? (
        <section aria-labelledby="report-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 id="report-title" className="text-lg font-semibold">
                {REPORT_TITLES[report]}
              </h3>
              <p className="text-sm text-muted">
                {formatAdminDate(`${period.from}T12:00:00Z`)} – {formatAdminDate(`${period.to}T12:00:00Z`)}
              </p>
            </div>
            <a
              href={csvHref}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface"
            >
              <Download aria-hidden className="size-4" />
              Download CSV
            </a>
          </div>
          {data.report === "vat" ? <VatReport vat={data.vat} /> : null}
          {data.report === "refunds" ? <RefundsReport refunds={data.refunds} /> : null}
          {data.report === "coupons" ? <CouponsReport coupons={data.coupons} /> : null}
          {data.report === "products" ? <ProductsReport products={data.products} total={data.total} /> : null}
        </section>
      ) : null}
    </section>
  );
}

const cell = "px-3 py-2.5";
const num = `${cell} text-right tabular-nums whitespace-nowrap`;
const head = "bg-surface text-xs tracking-wide text-muted uppercase";
/** The VAT rubrics fit a phone's width: less padding there, and figures that wrap below their amount. */
const tight = "px-2 py-2.5 sm:px-3";
const figure = `${tight} text-right tabular-nums`;

/** Whole euros as the return has them, "€ 1.234" (dots by hand: the server's and the browser's ICU must agree). */
const euros = (n: number) => `€ ${n < 0 ? "-" : ""}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

/** An amount, and under it the whole euros that go in the return. */
function Amount({ cents, returnEuros }: { cents: number; returnEuros: number }) {
  return (
    <>
      <span className="whitespace-nowrap">{formatEuro(cents)}</span>
      <span className="block text-xs font-normal text-muted">
        In the return: <span className="whitespace-nowrap">{euros(returnEuros)}</span>
      </span>
    </>
  );
}

/** A table in a box that scrolls sideways on a phone instead of squeezing its figures. */
function TableBox({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto rounded-lg border border-line bg-white ${className}`}
    >
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed border-line p-6 text-center font-semibold">{children}</p>;
}

/** A credited amount below zero, as the credit notes print it (and no "-0,00" for nothing). */
const credited = (cents: number) => (cents === 0 ? 0 : -cents);

function VatReport({ vat }: { vat: VatReturn }) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {vat.invoiceCount} {vat.invoiceCount === 1 ? "invoice" : "invoices"} and {vat.creditCount}{" "}
        {vat.creditCount === 1 ? "credit note" : "credit notes"} dated in this period, together{" "}
        <strong className="tabular-nums">{formatEuro(vat.totalGrossCents)}</strong> incl. VAT.
      </p>
      <TableBox label="VAT return rubrics">
        <thead className={head}>
          <tr>
            <th scope="col" className={`${tight} font-semibold`}>
              Rubric
            </th>
            <th scope="col" className={`${tight} text-right font-semibold`}>
              Turnover excl. VAT
            </th>
            <th scope="col" className={`${tight} text-right font-semibold`}>
              VAT
            </th>
          </tr>
        </thead>
        <tbody>
          {vat.lines.map((line) => (
            <tr key={line.rate} className="border-t border-line align-top">
              <th scope="row" className={`${tight} font-normal`}>
                <span className="font-semibold whitespace-nowrap">
                  {line.rubric} · {line.rate} %
                </span>
                <span className="block text-xs text-muted">{line.label}</span>
              </th>
              <td className={figure}>
                <Amount cents={line.turnoverCents} returnEuros={line.returnTurnoverEuros} />
              </td>
              <td className={figure}>
                <Amount cents={line.vatCents} returnEuros={line.returnVatEuros} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line align-top">
            <th scope="row" className={`${tight} font-normal`}>
              <span className="font-semibold">5a</span>
              <span className="block text-xs text-muted">Verschuldigde btw</span>
            </th>
            <td className={figure} />
            <td className={`${figure} font-semibold`}>
              <Amount cents={vat.totalVatCents} returnEuros={vat.returnVatEuros} />
            </td>
          </tr>
        </tfoot>
      </TableBox>
      <p className="text-xs text-muted">
        The return takes whole euros; the Belastingdienst lets you round in your favour, so the figures &quot;In the
        return&quot; are rounded down. Turnover is the invoices minus the credit notes of the period, VAT excluded.
      </p>
      <TableBox label="Invoices and credit notes per rate">
        <thead className={head}>
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              Rate
            </th>
            <th scope="col" className={`${cell} text-right font-semibold whitespace-nowrap`}>
              Invoices incl. VAT
            </th>
            <th scope="col" className={`${cell} text-right font-semibold whitespace-nowrap`}>
              Of which VAT
            </th>
            <th scope="col" className={`${cell} text-right font-semibold whitespace-nowrap`}>
              Credit notes incl. VAT
            </th>
            <th scope="col" className={`${cell} text-right font-semibold whitespace-nowrap`}>
              Of which VAT
            </th>
          </tr>
        </thead>
        <tbody>
          {vat.lines.map((line) => (
            <tr key={line.rate} className="border-t border-line">
              <th scope="row" className={`${cell} font-semibold whitespace-nowrap`}>
                {line.rate} %
              </th>
              <td className={num}>{formatEuro(line.invoices.grossCents)}</td>
              <td className={num}>{formatEuro(line.invoices.vatCents)}</td>
              <td className={num}>{formatEuro(credited(line.credits.grossCents))}</td>
              <td className={num}>{formatEuro(credited(line.credits.vatCents))}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </div>
  );
}

function RefundsReport({ refunds }: { refunds: RefundView[] }) {
  if (refunds.length === 0) return <Empty>No refunds in this period</Empty>;
  const total = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  const totalVat = refunds.reduce((sum, r) => sum + r.vatCents, 0);
  return (
    <>
      <RefundsList refunds={refunds} total={total} totalVat={totalVat} />
      <TableBox label="Refunds table" className="hidden sm:block">
        <thead className={head}>
          <tr>
            {["Date", "Credit note", "Order"].map((h) => (
              <th key={h} scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
                {h}
              </th>
            ))}
            <th scope="col" className={`${cell} text-right font-semibold`}>
              Amount
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              VAT
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Reason
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              By
            </th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((r) => (
            <tr key={r.number} className="border-t border-line align-top">
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={r.issuedAt.iso}>{r.issuedAt.text}</time>
              </td>
              <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
                <a href={`/factuur/${r.number}`} className="font-medium text-brand-700 underline">
                  {formatInvoiceNumber(r.number)}
                </a>
              </th>
              <td className={cell}>
                <Link to={`/admin/orders/${r.orderId}`} className="font-medium text-brand-700 underline">
                  #{shortOrderId(r.orderId)}
                </Link>
              </td>
              <td className={num}>{formatEuro(r.amountCents)}</td>
              <td className={num}>{formatEuro(r.vatCents)}</td>
              <td className={`${cell} min-w-40`}>{r.reason ?? <span className="text-muted">—</span>}</td>
              <td className={`${cell} break-all`}>{r.createdByEmail}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line font-semibold">
            <th scope="row" colSpan={3} className={cell}>
              Total ({refunds.length})
            </th>
            <td className={num}>{formatEuro(total)}</td>
            <td className={num}>{formatEuro(totalVat)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </TableBox>
    </>
  );
}

/** Phones get the refunds as cards: every figure readable without scrolling sideways. */
function RefundsList({ refunds, total, totalVat }: { refunds: RefundView[]; total: number; totalVat: number }) {
  return (
    <div className="space-y-3 sm:hidden">
      <ul aria-label="Refunds" className="space-y-3">
        {refunds.map((r) => (
          <li key={r.number} className="rounded-lg border border-line bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div>
                <Link to={`/admin/orders/${r.orderId}`} className="font-medium text-brand-700 underline">
                  #{shortOrderId(r.orderId)}
                </Link>
                <p className="text-xs text-muted">
                  <time dateTime={r.issuedAt.iso}>{r.issuedAt.text}</time> ·{" "}
                  <a href={`/factuur/${r.number}`} className="underline">
                    {formatInvoiceNumber(r.number)}
                  </a>
                </p>
              </div>
              <div className="text-right tabular-nums">
                <p className="font-semibold">{formatEuro(r.amountCents)}</p>
                <p className="text-xs text-muted">VAT {formatEuro(r.vatCents)}</p>
              </div>
            </div>
            {r.reason ? <p className="mt-2">{r.reason}</p> : null}
            <p className="mt-1 text-xs break-all text-muted">By {r.createdByEmail}</p>
          </li>
        ))}
      </ul>
      <p className="flex justify-between rounded-lg border border-line bg-surface p-4 text-sm font-semibold">
        <span>Total ({refunds.length})</span>
        <span className="text-right tabular-nums">
          {formatEuro(total)}
          <span className="block text-xs font-normal text-muted">VAT {formatEuro(totalVat)}</span>
        </span>
      </p>
    </div>
  );
}

function CouponsReport({ coupons }: { coupons: CouponView[] }) {
  if (coupons.length === 0) return <Empty>No coupons used in this period</Empty>;
  return (
    <>
      <TableBox label="Coupon use table">
        <thead className={head}>
          <tr>
            <th scope="col" className={`${tight} font-semibold`}>
              Coupon
            </th>
            {["Uses", "Discount given", "Revenue incl. VAT", "Refunded since"].map((h) => (
              <th key={h} scope="col" className={`${tight} text-right font-semibold`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.code} className="border-t border-line">
              <th scope="row" className={`${tight} font-semibold break-all`}>
                {c.code}
              </th>
              <td className={figure}>{c.uses}</td>
              <td className={`${figure} whitespace-nowrap`}>{formatEuro(c.discountCents)}</td>
              <td className={`${figure} whitespace-nowrap`}>{formatEuro(c.revenueCents)}</td>
              <td className={`${figure} whitespace-nowrap`}>{formatEuro(c.refundedCents)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
      <p className="text-xs text-muted">
        Paid orders invoiced in this period with the coupon; revenue is what they were invoiced, refunds of them are
        counted up to today.
      </p>
    </>
  );
}

function ProductsReport({ products, total }: { products: ProductView[]; total: number }) {
  if (products.length === 0) return <Empty>No products sold in this period</Empty>;
  return (
    <>
      <TableBox label="Best-selling products table">
        <thead className={head}>
          <tr>
            <th scope="col" className={`${tight} text-right font-semibold`}>
              #
            </th>
            <th scope="col" className={`${tight} font-semibold`}>
              Product
            </th>
            {["Sold", "Refunded", "Net", "Revenue incl. VAT"].map((h) => (
              <th
                key={h}
                scope="col"
                className={`${tight} text-right font-semibold ${h === "Sold" || h === "Refunded" ? "hidden sm:table-cell" : ""}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((p, i) => (
            <tr key={p.artNo} className="border-t border-line align-top">
              <td className={figure}>{i + 1}</td>
              <th scope="row" className={`${tight} font-normal`}>
                <span className="font-medium">{p.name}</span>
                <span className="block text-xs text-muted">{p.artNo}</span>
                <span className="block text-xs text-muted sm:hidden">
                  {p.soldPieces} sold · {p.refundedPieces} refunded
                </span>
              </th>
              <td className={`${figure} hidden sm:table-cell`}>{p.soldPieces}</td>
              <td className={`${figure} hidden sm:table-cell`}>{p.refundedPieces}</td>
              <td className={`${figure} font-semibold`}>{p.netPieces}</td>
              <td className={`${figure} whitespace-nowrap`}>{formatEuro(p.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
      <p className="text-xs text-muted">
        {total > products.length
          ? `The top ${products.length} of ${total} products sold; the CSV has all of them. `
          : ""}
        Pieces on the invoices of this period less the pieces refunded from those orders; revenue at the price they were
        sold for, before coupons.
      </p>
    </>
  );
}
