import { randomBytes } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses } from "../../server/compress-responses";
import { serveOnLoopback, type LoopbackServer } from "../support/loopback-server";

/**
 * A big compressed response written as React Router streams a page: each write that meets
 * backpressure waits for 'drain' with `once`, then removes its listener with `off`. compression()
 * alone left every one of those listeners on its zlib stream (MaxListenersExceededWarning).
 */
describe("compressed responses", () => {
  const PIECES = 120;
  const pieces = Array.from({ length: PIECES }, () => randomBytes(48 * 1024).toString("base64"));
  let served: LoopbackServer;
  let waits = 0;

  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get("/big", async (_req, res) => {
      res.type("text/plain");
      for (const piece of pieces) {
        if (res.write(piece)) continue;
        waits++;
        let onDrain = () => {};
        await new Promise<void>((resolve) => {
          onDrain = () => resolve();
          res.once("drain", onDrain);
        }).finally(() => res.off("drain", onDrain));
      }
      res.end();
    });
    served = await serveOnLoopback(app);
  });
  afterAll(() => served.close());

  it("keeps one drain listener on the compressor, however often a write waits, and sends every byte", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === "MaxListenersExceededWarning") warnings.push(warning);
    };
    process.on("warning", onWarning);
    try {
      const res = await fetch(`${served.url}/big`, { headers: { "accept-encoding": "gzip" } });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(await res.text()).toBe(pieces.join(""));
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    // The writes did wait for drains (else the test proves nothing), and no listener piled up.
    expect(waits).toBeGreaterThan(10);
    expect(warnings).toEqual([]);
  });
});
