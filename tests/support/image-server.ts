import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import sharp from "sharp";

export type ImageServer = {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
};

/** A real JPEG and PNG (a coloured square each), made once. */
export async function sampleImages(): Promise<{ jpeg: Buffer; png: Buffer }> {
  const base = sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 60 } } });
  const jpeg = await base.clone().jpeg({ quality: 80 }).toBuffer();
  const png = await sharp({
    create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return { jpeg, png };
}

/**
 * An image host on loopback for the image migration tests:
 *  /good.jpg, /good.png   real images
 *  /missing.jpg            404
 *  /page.html              an HTML page (200, text/html)
 *  /fake.jpg               text served as image/jpeg (the content is checked, not the type)
 *  /huge.jpg               declares and sends `hugeBytes` bytes (above the test's size limit)
 *  /huge-chunked.jpg       sends `hugeBytes` bytes without a Content-Length
 *  /hang.jpg               takes the request and never answers
 *  /redirect-good.jpg      302 to /good.jpg
 *  /redirect-private.jpg   302 to http://10.0.0.1/x.jpg (a private address)
 *  /redirect-loop.jpg      302 to itself
 */
export async function startImageServer(options: { hugeBytes?: number } = {}): Promise<ImageServer> {
  const { jpeg, png } = await sampleImages();
  const hugeBytes = options.hugeBytes ?? 3 * 1024 * 1024;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const send = (res: ServerResponse, status: number, type: string, body: Buffer | string) => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push(path);
    switch (path) {
      case "/good.jpg":
        return send(res, 200, "image/jpeg", jpeg);
      case "/good.png":
        return send(res, 200, "image/png", png);
      case "/page.html":
        return send(res, 200, "text/html; charset=utf-8", "<!doctype html><title>Not an image</title><p>Hallo</p>");
      case "/fake.jpg":
        return send(res, 200, "image/jpeg", "this is not a picture at all");
      case "/huge.jpg": {
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": hugeBytes });
        return res.end(Buffer.alloc(hugeBytes, 1));
      }
      case "/huge-chunked.jpg": {
        res.writeHead(200, { "content-type": "image/jpeg" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < hugeBytes) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once("drain", pump);
          }
          res.end();
        };
        return pump();
      }
      case "/hang.jpg":
        return; // never answers
      case "/redirect-good.jpg":
        res.writeHead(302, { location: "/good.jpg" });
        return res.end();
      case "/redirect-private.jpg":
        res.writeHead(302, { location: "http://10.0.0.1/x.jpg" });
        return res.end();
      case "/redirect-loop.jpg":
        res.writeHead(302, { location: "/redirect-loop.jpg" });
        return res.end();
      default:
        return send(res, 404, "text/plain", "not found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
