import net from "node:net";
import type { Server, ServerResponse } from "node:http";
import type { Logger } from "../app/shared/logging/logger.server";

/** One part of the process that must stop, in order, when it ends (HTTP, a worker, the database). */
export type Stoppable = { name: string; stop: () => Promise<void> };

/**
 * How long a keep-alive connection that is idle at the signal stays open. A client may have written
 * its next request just before the signal, still unread by us; closing the socket at once would cut
 * that request. Any request that does arrive is answered with `Connection: close`.
 */
const IDLE_GRACE_MS = 500;

export type DrainableHttp = Stoppable & {
  /** Requests still being answered. */
  openRequests: () => number;
  /** Past the deadline: cut every connection that is left. */
  destroyConnections: () => void;
};

/**
 * Stopping the HTTP server gently: no new connections; every response from now on carries
 * `Connection: close`, so keep-alive clients go elsewhere instead of queueing more requests here;
 * idle connections are closed (after IDLE_GRACE_MS); the requests already started are answered in
 * full. `stop` resolves when the last connection has closed.
 */
export function drainableHttp(server: Server): DrainableHttp {
  let draining = false;
  let graceOver = false;
  const open = new Set<ServerResponse>();

  // Before the app's own listener, so the header is in place before anything is written.
  server.prependListener("request", (_req, res: ServerResponse) => {
    open.add(res);
    if (draining) res.setHeader("Connection", "close");
    res.on("close", () => {
      open.delete(res);
      // A response whose headers went out before the signal leaves its socket open and idle.
      if (graceOver) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    name: "http",
    openRequests: () => open.size,
    destroyConnections: () => server.closeAllConnections(),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        draining = true;
        for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
        // http.Server#close (Node ≥ 19) also destroys idle keep-alive sockets at once, which cuts a
        // request written just before the signal; net.Server#close only stops accepting and calls
        // back once the last connection is gone. Idle sockets are closed after the grace instead.
        net.Server.prototype.close.call(server, (error?: Error) => (error ? reject(error) : resolve()));
        setTimeout(() => {
          graceOver = true;
          server.closeIdleConnections();
        }, IDLE_GRACE_MS).unref();
      }),
  };
}

export type ShutdownOutcome = { done: true } | { done: false; step: string };

/**
 * Stops the parts in the given order (HTTP first: running requests may still need the workers'
 * tables and the database; the database last), each after the one before has finished, all within
 * `timeoutMs`. A failing step is logged and the next one still runs.
 */
export async function shutDown(
  steps: readonly Stoppable[],
  { timeoutMs, logger }: { timeoutMs: number; logger: Logger },
): Promise<ShutdownOutcome> {
  let current = "";
  const work = (async (): Promise<ShutdownOutcome> => {
    for (const step of steps) {
      current = step.name;
      try {
        await step.stop();
        logger.info({ step: step.name }, "shutdown step done");
      } catch (error) {
        logger.error({ err: error, step: step.name }, "shutdown step failed");
      }
    }
    return { done: true };
  })();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ done: false, step: current }), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
