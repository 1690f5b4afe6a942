/** The admin Dashboard (issue 29): client-safe parts. Product Management's stock filter reads the threshold here. */
export { LOW_STOCK_THRESHOLD, COUNT_CAP, TODO_LINKS, todoItems, type TodoItem, type TodoCounts } from "./todo";
export { DASHBOARD_PERIODS, averageOrderCents, changeOf, changeText, type Sales } from "./figures";
export { DashboardPanel } from "./dashboard-panel";
