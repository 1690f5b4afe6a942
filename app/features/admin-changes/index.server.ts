/** The change log's reading side (ADR 0037); recording stays recordAdminChange (app/features/admin-changes/audit.server). */
export {
  CHANGE_LOG_PAGE_SIZE,
  listChangeActors,
  parseChangeLogQuery,
  readChangeLog,
  type ChangeLogEntry,
  type ChangeLogPage,
  type ChangeLogQuery,
} from "./change-log.server";
export { type AdminActor, type AdminChangeRow, listAdminChanges, recordAdminChange } from "./audit.server";
