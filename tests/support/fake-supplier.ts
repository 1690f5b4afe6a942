import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildSupplierAnswer,
  parseOrderMessage,
  type SupplierOrder,
} from "../../app/features/fulfilment/supplier-message";

/**
 * A dropship supplier on loopback, speaking the wire format of docs/supplier-api.md. By default it
 * behaves as a real supplier: a new reference is accepted (and booked), a known one is "already
 * known" with the first supplier reference. Tests script the next answers to play trouble.
 */
export type ScriptedAnswer =
  /** What a real supplier does (the default when nothing is scripted). */
  | { kind: "normal" }
  | { kind: "reject"; status: number; code: string; message: string }
  | { kind: "status"; status: number; body?: string; contentType?: string }
  /** Never answers (the connection stays open until the client gives up or the fake closes). */
  | { kind: "hang" }
  /** Books the order like "normal" but never answers: the shop cannot know it arrived. */
  | { kind: "book-and-hang" };

export type FakeSupplierRequest = {
  method: string;
  contentType: string | undefined;
  body: string;
  order: SupplierOrder | null;
  answeredWith: ScriptedAnswer["kind"];
};

export type FakeSupplier = {
  url: string;
  /** Every request as received, in order. */
  requests: FakeSupplierRequest[];
  /** The supplier's books: one entry per order it accepted, by reference. */
  orders: Map<string, { supplierReference: string; order: SupplierOrder }>;
  /** Answers for the next requests, first in first out. */
  script: (...answers: ScriptedAnswer[]) => void;
  /**
   * A standing answer for every order whose recipient's name contains `recipientNamePart` (any case),
   * however often it is sent; ahead of the script. For tests that share the fake with orders they do
   * not control (the browser tests' shop): only the order with that name meets the trouble.
   */
  answerFor: (recipientNamePart: string, answer: ScriptedAnswer) => void;
  /** Forgets every request, booked order, scripted and standing answer; supplier references start again at LV-000001. */
  reset: () => void;
  /** Resolves when the fake has received `count` requests in all. */
  received: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

/** The shop's supplier settings for this fake: its address, an account and a timeout of a second. */
export function fakeSupplierEnv(supplier: Pick<FakeSupplier, "url">): Record<string, string> {
  return {
    SUPPLIER_API_URL: supplier.url,
    SUPPLIER_USERNAME: "trapkracht",
    SUPPLIER_PASSWORD: "geheim",
    SUPPLIER_DEBTOR_NUMBER: "D-10452",
    SUPPLIER_TIMEOUT_MS: "1000",
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeSupplier(): Promise<FakeSupplier> {
  const requests: FakeSupplierRequest[] = [];
  const orders = new Map<string, { supplierReference: string; order: SupplierOrder }>();
  const queue: ScriptedAnswer[] = [];
  const standing: Array<{ namePart: string; answer: ScriptedAnswer }> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  let counter = 0;

  const book = (order: SupplierOrder) => {
    const known = orders.get(order.reference);
    if (known) return { known: true, supplierReference: known.supplierReference };
    counter += 1;
    const supplierReference = `LV-${String(counter).padStart(6, "0")}`;
    orders.set(order.reference, { supplierReference, order });
    return { known: false, supplierReference };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const parsed = parseOrderMessage(body);
      const order = parsed.ok ? parsed.order : null;
      const name = order?.recipientName.toLowerCase() ?? null;
      const standingAnswer = name === null ? undefined : standing.find((s) => name.includes(s.namePart))?.answer;
      const answer = standingAnswer ?? queue.shift() ?? { kind: "normal" };
      requests.push({
        method: req.method ?? "",
        contentType: req.headers["content-type"],
        body,
        order,
        answeredWith: answer.kind,
      });
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const xml = (status: number, text: string) => {
        res.writeHead(status, { "content-type": "text/xml; charset=utf-8" });
        res.end(text);
      };
      switch (answer.kind) {
        case "hang":
          hanging.add(res);
          return;
        case "status":
          res.writeHead(answer.status, { "content-type": answer.contentType ?? "text/plain; charset=utf-8" });
          res.end(answer.body ?? "");
          return;
        case "reject":
          xml(
            answer.status,
            buildSupplierAnswer({
              status: "rejected",
              code: answer.code,
              message: answer.message,
              reference: order?.reference,
            }),
          );
          return;
        case "book-and-hang":
        case "normal": {
          if (!order) {
            xml(
              400,
              buildSupplierAnswer({
                status: "rejected",
                code: "INVALID_MESSAGE",
                message: parsed.ok ? "" : parsed.error,
              }),
            );
            return;
          }
          const booked = book(order);
          if (answer.kind === "book-and-hang") {
            hanging.add(res);
            return;
          }
          xml(
            booked.known ? 200 : 201,
            buildSupplierAnswer({
              status: booked.known ? "already_known" : "accepted",
              reference: order.reference,
              supplierReference: booked.supplierReference,
              message: booked.known ? "Reference already known" : undefined,
            }),
          );
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return {
    url,
    requests,
    orders,
    script: (...answers) => queue.push(...answers),
    answerFor: (recipientNamePart, answer) => standing.push({ namePart: recipientNamePart.toLowerCase(), answer }),
    reset: () => {
      requests.length = 0;
      orders.clear();
      queue.length = 0;
      standing.length = 0;
      counter = 0;
    },
    received: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
