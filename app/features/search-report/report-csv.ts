import { CSV_BOM, csvRow, csvText } from "~/shared/csv/csv";
import { isoWeekName } from "./search-week";
import type { WeekQuery } from "./report.server";

/** A week's searches as CSV for Dutch Excel (app/shared/csv): every query, most searched first. Pure. */
export function searchReportCsv(weekStart: string, rows: readonly WeekQuery[]): string {
  let out = CSV_BOM;
  out += csvRow(["Week", "Query", "Searches", "Without results"].map(csvText));
  for (const row of rows) {
    out += csvRow([csvText(isoWeekName(weekStart)), csvText(row.query), String(row.searches), String(row.zeroResults)]);
  }
  return out;
}

export const searchReportFileName = (weekStart: string) => `search-report-${isoWeekName(weekStart)}.csv`;

export const SEARCH_REPORT_CSV_PATH = "/admin/search/report.csv";
