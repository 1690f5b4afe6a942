import { Router, type Response } from "express";
import { checkReadiness, expectedMigrations } from "../app/features/operations/index.server";
import type { Db } from "../app/db/client.server";
import type { Logger } from "../app/shared/logging/logger.server";

/**
 * Whether this instance still wants new requests. Set to draining at SIGTERM (server.ts), before the
 * HTTP server stops accepting: /readyz then answers 503 at once, so a proxy that probes it sends
 * new requests elsewhere while the requests already here are finished.
 */
export type Lifecycle = { draining: boolean };

export function createLifecycle(): Lifecycle {
  return { draining: false };
}

function plain(res: Response, status: number, text: string) {
  // Never kept by a proxy or browser: the answer is about this moment.
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(`${text}\n`);
}

/**
 * Liveness and readiness (docs/operations.md "Health"). Mounted before the origin check, body limit,
 * maintenance gate and page cache: a probe is never blocked, limited or kept, and says nothing personal.
 *
 * - `GET /healthz` (live): the process answers its event loop; no database call, so a database outage
 *   never makes an orchestrator restart every instance.
 * - `GET /readyz` (ready): not draining, the database answers within 1.5 s and every migration of
 *   the journal is applied; else 503 with a short reason.
 */
export function healthRoutes({ db, logger, lifecycle }: { db: Db; logger: Logger; lifecycle: Lifecycle }): Router {
  const router = Router();
  let expected: ReturnType<typeof expectedMigrations> | undefined;

  router.get("/healthz", (_req, res) => plain(res, 200, "ok"));

  router.get("/readyz", async (_req, res) => {
    if (lifecycle.draining) return plain(res, 503, "not ready: shutting down");
    expected ??= expectedMigrations();
    const readiness = await checkReadiness(db, expected);
    if (readiness.ready) return plain(res, 200, "ok");
    logger.error({ reason: readiness.reason }, "readiness check failed");
    plain(res, 503, `not ready: ${readiness.reason}`);
  });

  return router;
}
