import { data, redirect } from "react-router";
import type { Route } from "./+types/withdrawal.route";
import { StaticPage } from "~/features/content";
import { WithdrawalFlow } from "./withdrawal-flow";
import { shopperOrderAccess } from "./shopper-access.http.server";
import { getWithdrawalState, withdrawOrder } from "./withdrawal.server";
import { parseWithdrawalChoice, WITHDRAWAL_TEXT, WITHDRAWAL_REFUSAL } from "./withdrawal";
import { shortOrderId } from "./short-id";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({
    title: "Bestelling herroepen",
    description: "Herroep je bestelling binnen de bedenktijd van 14 dagen.",
    origin: rootOrigin(matches),
    path: `/herroepen/${params.orderId}`,
    noindex: true,
  });
}

const notFound = () => data("Bestelling niet gevonden", { status: 404 });
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * "Bestelling herroepen" (issue 11, Consumer Rights Directive art. 11a): the whole order or some
 * items, an optional reason, then "Herroeping bevestigen". For the signed-in customer who placed the
 * order and for the guest whose order page (/bestelling, the mailed link) opened it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const access = await shopperOrderAccess(request, context, params.orderId);
  if (!access) throw notFound();
  const state = await getWithdrawalState(context.db, params.orderId);
  if (!state) throw notFound();
  const received = new URL(request.url).searchParams.get("ontvangen");
  return data({ state, received, channel: access.channel }, { headers: PRIVATE });
}

const problem = (fields: Record<string, string>, message: string, status = 400) =>
  data({ problem: message, review: null, fields }, { status });

export const action = intentAction<{ orderId: string }>()({
  guard: async ({ request, context, params }) => {
    const access = await shopperOrderAccess(request, context, params.orderId);
    if (!access) throw notFound();
    return { access };
  },
  // Every field is checked whatever the intent: the form comes back as typed, with the problem.
  prepare: ({ form }) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    for (const [key, value] of Object.entries(fields)) {
      if (hasInvalidCharacters(value, { multiLine: key === "reason" })) {
        return refuse(problem(fields, INVALID_CHARACTERS_MESSAGE));
      }
    }
    if ((fields.reason ?? "").trim().length > 1000) return refuse(problem(fields, WITHDRAWAL_TEXT.reasonTooLong));
    return { fields };
  },
  intents: (intent) => ({
    review: intent({
      run: async (_input, { context, params, fields }) => {
        const state = await getWithdrawalState(context.db, params.orderId);
        if (!state) throw notFound();
        if (!state.window.open) return problem(fields, WITHDRAWAL_REFUSAL[state.window.reason], 409);
        const choice = parseWithdrawalChoice(state.items, fields);
        if (!choice.ok) return problem(fields, choice.message);
        return data({ problem: null, review: { lines: choice.lines, reason: (fields.reason ?? "").trim() }, fields });
      },
    }),
    confirm: intent({
      run: async (_input, { context, params, fields, access }) => {
        const result = await withdrawOrder(context.db, context.config, {
          orderId: params.orderId,
          channel: access.channel,
          userId: access.userId,
          form: fields,
        });
        if (!result.ok) return problem(fields, result.message, result.status);
        context.logger.info(
          { orderId: params.orderId, withdrawalId: result.withdrawalId, channel: access.channel },
          "order withdrawn by the shopper",
        );
        return redirect(`/herroepen/${params.orderId}?ontvangen=${result.withdrawalId}`, { status: 303 });
      },
    }),
  }),
  unknown: ({ fields }) => problem(fields, "Onbekende actie: laad de pagina opnieuw."),
});

export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  return (
    <StaticPage
      title={`Bestelling #${shortOrderId(state.orderId)} herroepen`}
      intro="Je mag een bestelling binnen 14 dagen zonder opgaaf van redenen herroepen: helemaal of alleen een deel van de artikelen."
    >
      <WithdrawalFlow
        state={state}
        received={loaderData.received}
        backTo={loaderData.channel === "guest" ? "/bestelling" : "/orders"}
        problem={actionData?.problem ?? null}
        review={actionData?.review ?? null}
        fields={actionData?.fields ?? {}}
      />
    </StaticPage>
  );
}
