import type { AppLoadContext } from "react-router";
import { readForm as readPostedForm } from "./form.server";

/**
 * An answer an intent's `parse` (or the route's `prepare`) gives instead of its input: the action
 * stops there and answers with it (a 400 with the field's message, a 404, …).
 */
export class Refusal<A> {
  // Private, so only a real Refusal is one (an input with an `answer` field is not).
  private readonly refusal = true;
  constructor(readonly answer: A) {}
}

/** What `parse` or `prepare` gives when it does not refuse. */
type Accepted<O> = Exclude<Awaited<O>, Refusal<unknown>>;
/** The answers `parse` or `prepare` may refuse with. */
type RefusedWith<O> = Awaited<O> extends infer X ? (X extends Refusal<infer A> ? A : never) : never;

/** Stops the action with this answer; from `parse` or `prepare`. */
export function refuse<A>(answer: A): Refusal<A> {
  return new Refusal(answer);
}

/**
 * What every action gets from React Router. Spelled out here rather than taken from the route's
 * `Route.ActionArgs`: those are computed from the route module's exports, so an `action` whose type
 * is inferred from them would be defined in terms of itself (and come out as `never`).
 */
export type ActionArgs<Params> = { request: Request; params: Params; context: AppLoadContext };

/** What an intent's `parse` and `run` see: the action's arguments, the guard's and prepare's values, the form. */
export type IntentContext<Base> = Base & {
  form: FormData;
  /** The intent being run (one of the route's keys). */
  intent: string;
};

/** One intent: how its form becomes input, what it does with it, and the texts its toasts show. */
export type IntentSpec<Ctx, O, A, T> = {
  /** Reads and checks this intent's fields; `refuse(answer)` stops with that answer. */
  parse?: (ctx: Ctx & { toasts: T }) => O;
  /** Gets what `parse` accepted (nothing without a `parse`). */
  run: (input: Accepted<O>, ctx: Ctx & { toasts: T }) => A | Promise<A>;
  /** This intent's toast texts (success, failure title), handed to parse, run and the route's `failed`. */
  toasts?: T;
};

/**
 * An intent after `intent(…)` has checked it. Its input type is its own business from here on; what
 * the route still needs to know are its answers and its toasts (phantom fields, for the types only).
 */
export type DeclaredIntent<A, T> = { readonly answers: A; readonly toasts: T };

/** Declares one intent so that what `parse` returns is the type `run` gets. */
export type IntentBuilder<Ctx> = <A, O = undefined, T = undefined>(
  spec: IntentSpec<Ctx, O, A, T>,
) => DeclaredIntent<A | RefusedWith<O>, T>;

type AnswersOf<D> = D extends { readonly answers: infer A } ? A : never;
type ToastsOf<D> = D extends { readonly toasts: infer T } ? T : never;

type Spec<Args, G, PO, D, U, E, F, P = Accepted<PO>> = {
  /** Who may post at all (e.g. the admin check); runs before the body is read, may throw a redirect. */
  guard?: (args: Args) => G | Promise<G>;
  /** What every intent needs from the form or the database first; `refuse(answer)` stops here. */
  prepare?: (ctx: Args & G & { form: FormData }) => PO;
  /** The route's intents by the value of the form's `intent` field, each declared with `intent(…)`. */
  intents: (intent: IntentBuilder<IntentContext<Args & G & P>>) => D;
  /** Any other posted intent (or none): the route's own "Unknown action" answer, or its default form. */
  unknown: (ctx: IntentContext<Args & G & P>) => U | Promise<U>;
  /** Where an unexpected error is logged: "admin coupon change failed". */
  logMessage?: string;
  /**
   * Errors the services throw on purpose (busy, refused host), each turned into its answer; `undefined`
   * for any other error. These are not logged.
   */
  expected?: (error: unknown, ctx: IntentContext<Args & G & P> & { toasts: ToastsOf<D[keyof D]> }) => E | undefined;
  /**
   * The answer to an unexpected error (a 500 with the route's failure text); without it the error
   * goes on to the error boundary, as a route without a catch always did.
   */
  failed?: (error: unknown, ctx: IntentContext<Args & G & P> & { toasts: ToastsOf<D[keyof D]> }) => F;
};

/**
 * Thrown responses (redirects, the admin check) are answers, not failures: they pass through.
 * `data()` makes a DataWithResponseInit, a class React Router exports as a type only (no runtime
 * export to test instanceof against), so it is recognised by the tag it carries.
 */
function isThrownAnswer(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/** The form's intent as a string ("" when absent or a file). */
function intentOf(form: FormData): string {
  const value = form.get("intent");
  return typeof value === "string" ? value : "";
}

type AnyIntent = {
  parse?: (ctx: unknown) => unknown;
  run: (input: unknown, ctx: unknown) => unknown;
  toasts?: unknown;
};

/** At run time `intent(…)` is the identity: the checking is all in its type. */
const declareIntent = <Ctx, O, A, T>(spec: IntentSpec<Ctx, O, A, T>) =>
  spec as unknown as DeclaredIntent<A | RefusedWith<O>, T>;

/**
 * A route's action from its intents (docs/architecture.md, "Actions"): the guard, the form read once,
 * the intent looked up in a map (never an if-chain), its input parsed and typed for its handler,
 * unknown intents answered by the route, unexpected errors logged with the intent and answered with
 * the route's failure text. The action answers whatever its intents, `unknown`, `expected` and
 * `failed` answer, so the route's `actionData` type is their union.
 *
 * Curried so the route names its URL parameters once and the rest is inferred:
 * `export const action = intentAction<{ orderId: string }>()({ … })` (or `intentAction()({ … })`).
 */
export function intentAction<Params extends Record<string, string> = Record<string, never>>() {
  type Args = ActionArgs<Params>;
  return function define<
    // Unconstrained on purpose: a constraint would type each `intent(…)` call's answer as unknown.
    D,
    U,
    E = never,
    F = never,
    G extends object = object,
    PO = object,
  >(spec: Spec<Args, G, PO, D, U, E, F>): (args: Args) => Promise<AnswersOf<D[keyof D]> | U | E | F | RefusedWith<PO>> {
    type P = Accepted<PO>;
    type Answer = AnswersOf<D[keyof D]> | U | E | F | RefusedWith<PO>;
    const intents = spec.intents(declareIntent) as unknown as Record<string, AnyIntent>;
    return async function action(args: Args): Promise<Answer> {
      const guarded = spec.guard ? await spec.guard(args) : ({} as G);
      const form = await readPostedForm(args.request);
      const base = { ...args, ...guarded, form };
      const prepared: unknown = spec.prepare ? await spec.prepare(base) : {};
      if (prepared instanceof Refusal) return prepared.answer as Answer;
      const intent = intentOf(form);
      // Own keys only: "constructor" or "__proto__" posted as an intent is an unknown intent.
      const chosen = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
      const plain = { ...base, ...(prepared as P), intent } as IntentContext<Args & G & P>;
      if (!chosen) return spec.unknown(plain);
      const ctx = { ...plain, toasts: chosen.toasts as ToastsOf<D[keyof D]> };
      try {
        const input = chosen.parse ? await chosen.parse(ctx) : undefined;
        if (input instanceof Refusal) return input.answer as Answer;
        return (await chosen.run(input, ctx)) as Answer;
      } catch (error) {
        if (isThrownAnswer(error)) throw error;
        const known = spec.expected?.(error, ctx);
        if (known !== undefined) return known;
        if (!spec.failed) throw error;
        args.context.logger.error(
          { err: error, intent, path: new URL(args.request.url).pathname },
          spec.logMessage ?? "action failed",
        );
        return spec.failed(error, ctx);
      }
    };
  };
}
