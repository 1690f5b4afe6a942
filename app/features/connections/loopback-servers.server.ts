import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import ssh2 from "ssh2";
import { FtpSrv } from "ftp-srv";

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/**
 * Small SFTP and FTP servers on 127.0.0.1, serving one folder read-only (SFTP) or read-write (FTP).
 * The embedded demo (`npm start` on the demo defaults) and the tests start them; a real shop never
 * does (DATABASE_URL or DEMO_FILE_SERVERS=false switches them off).
 */
export type LoopbackServer = { port: number; close: () => Promise<void> };

export type SftpServerOptions = {
  root: string;
  user: string;
  /** Accepted with the "password" and the "keyboard-interactive" methods. */
  password?: string;
  /** An OpenSSH public key ("ssh-ed25519 AAAA…") accepted with the "publickey" method. */
  publicKey?: string;
  /** The server's private host key (PEM / OpenSSH). */
  hostKey: string;
  port?: number;
};

/**
 * An ed25519 key pair that ssh2 can read back. ssh2 1.17's generator drops a leading zero byte of
 * the public key (about 1 key in 200), writing a key its own parser then calls malformed; such a
 * pair is simply generated again.
 */
function generateEd25519Pair(): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync("ed25519");
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error))
      return pair;
  }
}

export function generateHostKey(): string {
  return generateEd25519Pair().private;
}

export function generateUserKey(): { privateKey: string; publicKey: string } {
  const pair = generateEd25519Pair();
  return { privateKey: pair.private, publicKey: pair.public };
}

export function startLoopbackSftpServer(options: SftpServerOptions): Promise<LoopbackServer> {
  const allowedKey = options.publicKey ? utils.parseKey(options.publicKey) : null;
  if (allowedKey instanceof Error) throw allowedKey;
  const root = path.resolve(options.root);
  const resolveIn = (p: string) => {
    const full = path.resolve(root, "." + path.posix.resolve("/", p));
    return full.startsWith(root) ? full : null;
  };

  const clients = new Set<import("ssh2").Connection>();
  const server = new Server({ hostKeys: [options.hostKey] }, (client) => {
    clients.add(client);
    client.on("close", () => clients.delete(client));
    client.on("error", () => undefined);
    client.on("authentication", (ctx) => {
      if (ctx.username !== options.user) return ctx.reject();
      if (ctx.method === "password" && options.password && ctx.password === options.password) return ctx.accept();
      if (ctx.method === "keyboard-interactive" && options.password) {
        ctx.prompt([{ prompt: "Password: ", echo: false }], (answers) => {
          if (answers[0] === options.password) ctx.accept();
          else ctx.reject();
        });
        return;
      }
      if (ctx.method === "publickey" && allowedKey && !Array.isArray(allowedKey)) {
        const key = allowedKey;
        if (ctx.key.algo !== key.type || !ctx.key.data.equals(key.getPublicSSH())) return ctx.reject();
        if (!ctx.signature) return ctx.accept();
        if (ctx.blob && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
        return ctx.reject();
      }
      const methods = [
        ...(options.password ? (["password", "keyboard-interactive"] as const) : []),
        ...(allowedKey ? (["publickey"] as const) : []),
      ];
      ctx.reject([...methods]);
    });
    client.on("ready", () => {
      client.on("session", (accept) => {
        const session = accept();
        session.on("sftp", (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<
            number,
            { kind: "file"; fd: number } | { kind: "dir"; path: string; done: boolean }
          >();
          let next = 1;
          const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
          const newHandle = (value: Parameters<typeof handles.set>[1]) => {
            const id = next++;
            handles.set(id, value);
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(id, 0);
            return buf;
          };
          const attrsOf = (stat: fs.Stats) => ({
            mode: stat.mode,
            uid: 0,
            gid: 0,
            size: stat.size,
            atime: Math.floor(stat.atimeMs / 1000),
            mtime: Math.floor(stat.mtimeMs / 1000),
          });
          sftp.on("REALPATH", (id, p) => {
            const clean = path.posix.resolve("/", p);
            sftp.name(id, [{ filename: clean, longname: clean, attrs: {} as never }]);
          });
          const onStat = (id: number, p: string) => {
            const full = resolveIn(p);
            if (!full || !fs.existsSync(full)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            sftp.attrs(id, attrsOf(fs.statSync(full)));
          };
          sftp.on("STAT", onStat);
          sftp.on("LSTAT", onStat);
          sftp.on("OPEN", (id, p, flags) => {
            const full = resolveIn(p);
            if (!full || flags & OPEN_MODE.WRITE) return sftp.status(id, STATUS_CODE.PERMISSION_DENIED);
            try {
              sftp.handle(id, newHandle({ kind: "file", fd: fs.openSync(full, "r") }));
            } catch {
              sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            }
          });
          sftp.on("FSTAT", (id, h) => {
            const handle = handleOf(h);
            if (handle?.kind !== "file") return sftp.status(id, STATUS_CODE.FAILURE);
            sftp.attrs(id, attrsOf(fs.fstatSync(handle.fd)));
          });
          sftp.on("READ", (id, h, offset, length) => {
            const handle = handleOf(h);
            if (handle?.kind !== "file") return sftp.status(id, STATUS_CODE.FAILURE);
            const buf = Buffer.alloc(length);
            const read = fs.readSync(handle.fd, buf, 0, length, offset);
            if (read === 0) return sftp.status(id, STATUS_CODE.EOF);
            sftp.data(id, buf.subarray(0, read));
          });
          sftp.on("OPENDIR", (id, p) => {
            const full = resolveIn(p);
            if (!full || !fs.existsSync(full) || !fs.statSync(full).isDirectory()) {
              return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            }
            sftp.handle(id, newHandle({ kind: "dir", path: full, done: false }));
          });
          sftp.on("READDIR", (id, h) => {
            const handle = handleOf(h);
            if (handle?.kind !== "dir") return sftp.status(id, STATUS_CODE.FAILURE);
            if (handle.done) return sftp.status(id, STATUS_CODE.EOF);
            handle.done = true;
            const names = fs.readdirSync(handle.path).map((name) => {
              const attrs = attrsOf(fs.statSync(path.join(handle.path, name)));
              const type = fs.statSync(path.join(handle.path, name)).isDirectory() ? "d" : "-";
              return {
                filename: name,
                longname: `${type}rw-r--r-- 1 demo demo ${attrs.size} Jan 1 00:00 ${name}`,
                attrs,
              };
            });
            sftp.name(id, names);
          });
          sftp.on("CLOSE", (id, h) => {
            const handle = handleOf(h);
            if (!handle) return sftp.status(id, STATUS_CODE.FAILURE);
            if (handle.kind === "file") fs.closeSync(handle.fd);
            handles.delete(h.readUInt32BE(0));
            sftp.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
  });
  const port = options.port ?? 0;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const client of clients) client.end();
          }),
      });
    });
  });
}

export type FtpServerOptions = { root: string; user: string; password: string; port?: number };

/**
 * An FTP server (ftp-srv) rooted at `root`. An uploaded `<name>.xml` is answered with
 * `<name>.answer.xml` next to it (the supplier's order answer), written before the upload's 226 reply.
 */
export async function startLoopbackFtpServer(options: FtpServerOptions): Promise<LoopbackServer> {
  const port = options.port ?? (await freePort());
  // ftp-srv's constructor adds SIGTERM/SIGINT/SIGQUIT handlers that call process.exit(0) after 100 ms,
  // which cut the shop's own graceful shutdown short (open requests dropped, database not closed).
  // The shop stops this server itself (server.ts), so those handlers are taken off again.
  const signals = ["SIGTERM", "SIGINT", "SIGQUIT"] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: "127.0.0.1",
    pasv_min: 0,
    anonymous: false,
    greeting: "Trapkracht test FTP server",
    log: silentLogger(),
  } as ConstructorParameters<typeof FtpSrv>[0]);
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  const root = path.resolve(options.root);
  server.on("login", ({ connection, username, password }, resolve, reject) => {
    if (username !== options.user || password !== options.password) {
      reject(new Error("Login incorrect"));
      return;
    }
    connection.on("STOR", (error: Error | null, fileName: string) => {
      if (error || !fileName.endsWith(".xml") || fileName.endsWith(".answer.xml")) return;
      const full = path.resolve(fileName);
      if (!full.startsWith(root)) return;
      const request = fs.readFileSync(full, "utf8");
      const reference = /<Reference>([^<]{0,64})<\/Reference>/i.exec(request)?.[1] ?? path.basename(full, ".xml");
      fs.writeFileSync(
        full.replace(/\.xml$/, ".answer.xml"),
        `<?xml version="1.0" encoding="UTF-8"?>\n<OrderResponse>\n  <Status>Accepted</Status>\n  <Reference>${reference}</Reference>\n  <Received>${request.length} bytes</Received>\n</OrderResponse>\n`,
      );
    });
    resolve({ root });
  });
  server.on("client-error", () => undefined);
  await server.listen();
  return { port, close: () => server.close().then(() => undefined) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    import("node:net").then(({ createServer }) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    }, reject);
  });
}

/** ftp-srv logs with bunyan; a demo or test server stays quiet. */
function silentLogger() {
  const noop = () => undefined;
  const logger: Record<string, unknown> = {
    trace: noop,
    debug: noop,
    info: noop,
    warn: noop,
    error: noop,
    fatal: noop,
  };
  logger.child = () => logger;
  return logger;
}

/** A supplier's sample files: stock and price CSVs and an XML order answer. */
export function writeSampleSupplierFiles(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    "voorraad.csv": "ArtNo;Voorraad\nTK-1001;24\nTK-1002;0\nTK-1003;7\n",
    "prijzen.csv": "ArtNo;Inkoopprijs;Adviesprijs\nTK-1001;8,95;12,95\nTK-1002;21,50;29,95\nTK-1003;3,10;4,95\n",
    "order-antwoord.xml":
      '<?xml version="1.0" encoding="UTF-8"?>\n<OrderResponse>\n  <Status>Accepted</Status>\n  <Reference>DEMO-1001</Reference>\n</OrderResponse>\n',
  };
  for (const [name, content] of Object.entries(files)) {
    if (!fs.existsSync(path.join(dir, name))) fs.writeFileSync(path.join(dir, name), content);
  }
}
