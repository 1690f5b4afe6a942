// The search report's server entry: counting a search (the results page) and reading a week.
export { countSearch, recordSearch } from "./record.server";
export { weekReport, weeksWithSearches, type WeekReport, type WeekQuery } from "./report.server";
