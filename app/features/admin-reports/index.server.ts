/** Reports (issue 29, item 4): the server side. */
export { vatReturnReport, creditNotesIn, couponUseReport, bestSellersReport } from "./reports.server";
