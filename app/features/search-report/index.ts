/**
 * The search report (issue 30 item 10, ADR 0044): per ISO week and query, how often it was searched
 * and how often it found nothing; no IP, user, session or moment finer than the week. Routes:
 * report.route.tsx (/admin/search/report) and csv.route.ts (/admin/search/report.csv). Server side:
 * index.server.ts (countSearch, called by the results page).
 */
export { isoWeekName, weekLabel, weekStartOf, WEEKS_KEPT } from "./search-week";
