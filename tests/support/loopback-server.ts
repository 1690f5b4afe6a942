import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type LoopbackServer = { server: Server; url: string; close: () => Promise<void> };

/** A bare handler (an Express app) served on a free loopback port, for tests of HTTP middleware. */
export async function serveOnLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
