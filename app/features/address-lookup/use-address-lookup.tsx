import { useEffect, useRef, useState } from "react";
import { LOOKUP_PARAMS, LOOKUP_PATH, lookupQuery, type LookupAnswer } from "./lookup-query";

export type FoundAddress = NonNullable<LookupAnswer["address"]>;

export type LookupState =
  { kind: "idle" } | { kind: "busy" } | { kind: "found"; address: FoundAddress } | { kind: "not-found" };

/** Wait for a pause in the typing before asking. */
const PAUSE_MS = 250;
/** The server gives up on the register after 1.5 s; this only guards against a hanging connection. */
const GIVE_UP_MS = 5_000;

export const LOOKUP_TEXT = {
  busy: "Adres zoeken…",
  found: (a: FoundAddress) => `Adres gevonden: ${a.street}, ${a.city}. Je kunt het nog aanpassen.`,
  notFound: "We konden je adres niet automatisch vinden. Vul je straat en plaats zelf in.",
} as const;

/**
 * Street and city from postcode + house number, for a form that works without it (ADR 0045): once
 * both are complete and the shopper pauses, asks /api/adres and hands a found address to `onFound`
 * (the form fills its fields, which stay editable). The values the form starts with (a saved address)
 * are not looked up: only what the shopper changes. Anything but an answer with an address leaves the
 * form as it is.
 */
export function useAddressLookup(
  postcode: string,
  houseNumber: string,
  onFound: (address: FoundAddress) => void,
): LookupState {
  const query = lookupQuery(postcode, houseNumber);
  const key = query ? `${query.postcode} ${query.houseNumber}` : null;
  // The question on its way, and the last answer, each with the address it is about.
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [answered, setAnswered] = useState<{ key: string; state: LookupState } | null>(null);
  // The address last answered (or the one the form started with): not asked again.
  const asked = useRef(key);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  useEffect(() => {
    if (!query) asked.current = null;
    if (!query || key === asked.current) return;
    const controller = new AbortController();
    let cancelled = false;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const pause = setTimeout(() => {
      setBusyKey(key);
      giveUp = setTimeout(() => controller.abort(), GIVE_UP_MS);
      const params = new URLSearchParams({
        [LOOKUP_PARAMS.postcode]: query.postcode,
        [LOOKUP_PARAMS.houseNumber]: query.houseNumber,
      });
      void fetch(`${LOOKUP_PATH}?${params}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<LookupAnswer>) : { address: null }))
        .catch(() => ({ address: null }))
        .then((answer) => {
          clearTimeout(giveUp);
          // A newer question (the shopper typed on) replaced this one: its answer no longer counts.
          if (cancelled || !key) return;
          asked.current = key;
          if (answer.address) found.current(answer.address);
          setAnswered({
            key,
            state: answer.address ? { kind: "found", address: answer.address } : { kind: "not-found" },
          });
        });
    }, PAUSE_MS);
    return () => {
      cancelled = true;
      clearTimeout(pause);
      clearTimeout(giveUp);
      controller.abort();
    };
    // query is represented by key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!key) return { kind: "idle" };
  if (answered?.key === key) return answered.state;
  return busyKey === key ? { kind: "busy" } : { kind: "idle" };
}

/**
 * The lookup's progress where a screen reader hears it (a polite live region, present from the
 * first render so changes are announced) and a sighted shopper sees it, under postcode and number.
 */
export function AddressLookupStatus({ state, id }: { state: LookupState; id: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
      {state.kind === "busy" ? (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden
            className="size-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
          />
          {LOOKUP_TEXT.busy}
        </span>
      ) : state.kind === "found" ? (
        LOOKUP_TEXT.found(state.address)
      ) : state.kind === "not-found" ? (
        LOOKUP_TEXT.notFound
      ) : null}
    </p>
  );
}
