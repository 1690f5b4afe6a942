import { data } from "react-router";
import type { Route } from "./+types/address.route";
import { answerLookup } from "./answer-lookup.server";
import { LOOKUP_PARAMS } from "./lookup-query";

/**
 * GET /api/adres?postcode=1234AB&huisnummer=12 → `{ address: { street, city } | null }` for the
 * checkout's and the profile's address forms (ADR 0045). `private, no-store`: the question is where
 * a shopper lives, so no proxy, CDN or shared cache keeps it; the server's own memory answers repeats.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const reply = await answerLookup(context, {
    postcode: params.get(LOOKUP_PARAMS.postcode),
    houseNumber: params.get(LOOKUP_PARAMS.houseNumber),
  });
  return data(reply.body, { status: reply.status, headers: { "Cache-Control": "private, no-store" } });
}
