import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** An address the fake register knows: postcode as PDOK writes it ("1234AB"), number, street, town. */
export type FakeAddress = { postcode: string; houseNumber: number; street: string; city: string };

export type FakePdok = {
  /** The /free endpoint's URL, for ADDRESS_LOOKUP_URL. */
  url: string;
  /** Every request's query string, in order. */
  requests: URLSearchParams[];
  /** Answers after this many ms (0: at once). */
  setDelay: (ms: number) => void;
  /** Stops listening: connections are refused until `reopen`, as with a service that is down. */
  goDown: () => Promise<void>;
  /** Listens again on the same port. */
  reopen: () => Promise<void>;
  close: () => Promise<void>;
};

/** The query parameters Locatieserver v3.1 accepts on /free; it refuses any other with 400. */
const KNOWN_PARAMS = new Set(["q", "fq", "fl", "rows", "start", "sort", "df", "bq", "lat", "lon", "wt", "indent"]);

const QUERY = /^postcode:([1-9][0-9]{3}[A-Z]{2}) AND huisnummer:([0-9]+)$/;

/**
 * PDOK Locatieserver's /free endpoint as its documentation describes it
 * (github.com/PDOK/locatieserver/wiki/API-Locatieserver), on a real loopback port: a Solr query
 * `postcode:1234AB AND huisnummer:12` with `fq=type:adres` answers `{ response: { numFound, docs } }`,
 * each document with type, postcode, huisnummer, straatnaam and woonplaatsnaam. One document per
 * letter of a number (12, 12A): the register lists each front door.
 */
export async function startFakePdok(addresses: FakeAddress[]): Promise<FakePdok> {
  const requests: URLSearchParams[] = [];
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://pdok.test");
    requests.push(url.searchParams);
    const answer = () => {
      const unknownParam = [...url.searchParams.keys()].find((name) => !KNOWN_PARAMS.has(name));
      if (url.pathname !== "/bzk/locatieserver/search/v3_1/free" || unknownParam) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: unknownParam ? `unknown parameter ${unknownParam}` : "not found" }));
        return;
      }
      const match = QUERY.exec(url.searchParams.get("q") ?? "");
      const addressesOnly = url.searchParams.get("fq") === "type:adres";
      const docs = addresses
        .filter((a) => match && addressesOnly && a.postcode === match[1] && a.houseNumber === Number(match[2]))
        .flatMap((a) =>
          ["", "A"].map((letter) => ({
            type: "adres",
            weergavenaam: `${a.street} ${a.houseNumber}${letter}, ${a.postcode} ${a.city}`,
            postcode: a.postcode,
            huisnummer: a.houseNumber,
            ...(letter ? { huisletter: letter } : {}),
            straatnaam: a.street,
            woonplaatsnaam: a.city,
            gemeentenaam: a.city,
          })),
        );
      const rows = Number(url.searchParams.get("rows") ?? 10);
      res.writeHead(200, { "content-type": "application/json;charset=UTF-8" });
      res.end(
        JSON.stringify({ response: { numFound: docs.length, start: 0, maxScore: 1, docs: docs.slice(0, rows) } }),
      );
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const shut = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/bzk/locatieserver/search/v3_1/free`,
    requests,
    setDelay: (ms) => {
      delayMs = ms;
    },
    goDown: shut,
    reopen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: async () => {
      if (server.listening) await shut();
    },
  };
}
