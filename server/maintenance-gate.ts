import type { RequestHandler } from "express";
import type { Auth } from "../app/domain/auth/auth.server";
import type { Db } from "../app/db/client.server";
import type { Logger } from "../app/lib/logger.server";

/** Placeholder: refuses state-changing requests of non-admins while maintenance mode is on. */
export function maintenanceGate(_deps: { db: Db; auth: Auth; logger: Logger }): RequestHandler {
  return (_req, _res, next) => next();
}
