/** The admin Dashboard (issue 29): its figures and to-do counts, for the route and the benchmark. */
export {
  loadDashboard,
  loadSales,
  loadTodo,
  type Dashboard,
  type DashboardTodo,
  type PeriodSales,
} from "./dashboard.server";
