import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { checkOutboundUrl, guardedLookup, type AddressPolicy } from "~/shared/outbound/outbound.server";
import type { LookupQuery } from "./lookup-query";

/** The whole request, connecting included: past this the shopper is typing faster than we are. */
export const LOOKUP_TIMEOUT_MS = 1_500;

/** One address document is under 1 KiB; anything far larger is not the answer we asked for. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type FoundAddress = { street: string; city: string };

/** Found, not in the register, or no usable answer (slow, down, refused, malformed). */
export type PdokOutcome =
  { kind: "found"; address: FoundAddress } | { kind: "unknown" } | { kind: "unavailable"; why: LookupUnavailableError };

/** Why the register gave no usable answer: for the operator's log, never for the shopper. */
export class LookupUnavailableError extends Error {
  override name = "LookupUnavailableError";
}

const unavailable = (error: LookupUnavailableError): PdokOutcome => ({ kind: "unavailable", why: error });

/**
 * The fields of a Locatieserver document we read (github.com/PDOK/locatieserver/wiki/API-Locatieserver):
 * `postcode` is written "1234AB", `huisnummer` is a number.
 */
const pdokAnswer = z.object({
  response: z.object({
    docs: z.array(
      z.object({
        type: z.string().optional(),
        postcode: z.string().optional(),
        huisnummer: z.union([z.number(), z.string()]).optional(),
        straatnaam: z.string().optional(),
        woonplaatsnaam: z.string().optional(),
      }),
    ),
  }),
});

/**
 * The /free request for one address: a Solr query on postcode and house number, addresses only, the
 * fields we read. Letters and additions are left out: every one of them lies in the same street.
 */
export function pdokUrl(base: string, query: LookupQuery): URL {
  const url = new URL(base);
  url.searchParams.set("q", [`postcode:${query.postcode}`, `huisnummer:${query.houseNumber}`].join(" AND "));
  url.searchParams.set("fq", "type:adres");
  url.searchParams.set("fl", "type,postcode,huisnummer,straatnaam,woonplaatsnaam");
  url.searchParams.set("rows", "1");
  return url;
}

/** Text from the register, as a form field takes it: no control characters, one line, at most 100. */
function clean(value: string | undefined): string {
  return (
    (value ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100)
  );
}

/** Reads an answer: only a document for exactly this postcode and number counts (Solr ranks, it does not filter). */
export function readPdokAnswer(body: string, query: LookupQuery): PdokOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return unavailable(new LookupUnavailableError("answer is not JSON"));
  }
  const parsed = pdokAnswer.safeParse(json);
  if (!parsed.success) return unavailable(new LookupUnavailableError("answer is not a Locatieserver answer"));
  const doc = parsed.data.response.docs.find(
    (d) =>
      (d.type ?? "adres") === "adres" &&
      d.postcode?.replace(/\s/g, "").toUpperCase() === query.postcode &&
      String(d.huisnummer) === query.houseNumber,
  );
  const street = clean(doc?.straatnaam);
  const city = clean(doc?.woonplaatsnaam);
  if (!doc || !street || !city) return { kind: "unknown" };
  return { kind: "found", address: { street, city } };
}

/**
 * One GET to the Locatieserver under the outbound address policy (ADR 0027: the connection goes to
 * the address it checked; loopback only where fakes are allowed), with one deadline for the whole
 * request. Never throws: whatever goes wrong is "unavailable", and the shopper types the address.
 */
export function askPdok(base: string, query: LookupQuery, policy: AddressPolicy): Promise<PdokOutcome> {
  return new Promise<PdokOutcome>((resolve) => {
    let url: URL;
    try {
      url = checkOutboundUrl(pdokUrl(base, query).href, policy);
    } catch (error) {
      resolve(unavailable(new LookupUnavailableError((error as Error).message)));
      return;
    }
    let settled = false;
    const finish = (outcome: PdokOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(outcome);
    };
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      agent: false,
      lookup: guardedLookup(policy),
      headers: { accept: "application/json", "user-agent": "Trapkracht address lookup", "accept-encoding": "identity" },
    });
    const deadline = setTimeout(
      () => finish(unavailable(new LookupUnavailableError(`no answer within ${LOOKUP_TIMEOUT_MS} ms`))),
      LOOKUP_TIMEOUT_MS,
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish(unavailable(new LookupUnavailableError(error.code ?? error.message))),
    );
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        finish(unavailable(new LookupUnavailableError(`HTTP ${res.statusCode}`)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) return finish(unavailable(new LookupUnavailableError("answer too large")));
        chunks.push(chunk);
      });
      res.on("error", (error) => finish(unavailable(new LookupUnavailableError(error.message))));
      res.on("end", () => finish(readPdokAnswer(Buffer.concat(chunks).toString("utf8"), query)));
      // Closed before the end (the service went away mid-answer): no "end", so say so here.
      res.on("close", () => finish(unavailable(new LookupUnavailableError("connection closed during the answer"))));
    });
    req.end();
  });
}
