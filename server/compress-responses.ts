import { EventEmitter } from "node:events";
import compression from "compression";
import type { RequestHandler } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * compression() passes the 'drain' listeners added to a response on to its zlib stream, but not their
 * removal (expressjs/compression#135; the open PR #153 fixes it). React Router waits for each drain
 * of a streamed page with `once` and `off`, so every write that met backpressure left a listener on
 * the stream until the response ended: "MaxListenersExceededWarning: 11 drain listeners added to
 * [Gzip]" on a big page to a slow client. Here the response keeps its 'drain' listeners itself and
 * gives compression one listener that passes the event on, so removing one works as it should.
 */
function drainListenersKeptOnResponse(): RequestHandler {
  return (_req, res, next) => {
    const compressionOn = res.on;
    const ownRemove = res.removeListener;
    const drains = new EventEmitter();
    let passingOn = false;
    const on = function (this: typeof res, event: string | symbol, listener: Listener) {
      if (event !== "drain") return compressionOn.call(this, event, listener);
      if (!passingOn) {
        passingOn = true;
        compressionOn.call(res, "drain", () => drains.emit("drain"));
      }
      drains.on("drain", listener);
      return this;
    } as typeof res.on;
    const remove = function (this: typeof res, event: string | symbol, listener: Listener) {
      if (event !== "drain") return ownRemove.call(this, event, listener);
      drains.removeListener("drain", listener);
      return this;
    } as typeof res.removeListener;
    // `once` goes through `on`, and its wrapper removes itself through `removeListener`.
    res.on = on;
    res.addListener = on;
    res.removeListener = remove;
    res.off = remove;
    next();
  };
}

/** Compressed responses (gzip, deflate or brotli, as the client accepts), without the drain listener leak. */
export function compressResponses(): RequestHandler[] {
  return [compression(), drainListenersKeptOnResponse()];
}
