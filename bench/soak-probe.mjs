// Loaded into the server under bench/soak.bench.ts with `node --import`: reports the process's own
// memory (process.memoryUsage(): RSS, V8 heap, external and array buffers) over the IPC channel the
// benchmark opened, and writes a heap snapshot when asked. Plain JavaScript: it runs before anything
// that could load TypeScript, in the production server's process.
import { writeHeapSnapshot } from "node:v8";

if (process.send) {
  process.on("message", (message) => {
    if (message?.type === "memory") process.send({ type: "memory", id: message.id, usage: process.memoryUsage() });
    else if (message?.type === "snapshot") {
      // Synchronous and slow (seconds for a few hundred MB): the benchmark waits for the answer.
      const file = writeHeapSnapshot(message.file);
      process.send({ type: "snapshot", id: message.id, file });
    }
  });
  // The channel must not keep a server alive that was told to stop.
  process.channel?.unref();
}
