/**
 * Operating the shop (issue 31): readiness (server/health.ts serves /healthz and /readyz), metrics
 * (server/metrics.ts serves /metrics) and backups of the embedded database (scripts/db-backup.ts,
 * scripts/db-restore.ts). ADR 0040.
 */
export { checkReadiness, expectedMigrations, READINESS_TIMEOUT_MS, type Readiness } from "./readiness.server";
export { readShopGauges, JOB_STATES, MAIL_STATES, type ShopGauges } from "./metrics.server";
export {
  BackupError,
  backupPglite,
  backupPostgres,
  pgliteDir,
  postgresToolsPresent,
  restorePglite,
  restorePostgres,
} from "./backup.server";
