import { data } from "react-router";
import type { Route } from "./+types/api.route";
import { ApiPanel, type ApiActionResult } from "./api-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import {
  DEFAULT_TEST_CONTENT_TYPE,
  parseSupplierTestForm,
  runSupplierTest,
  SUPPLIER_TEST_METHODS,
} from "./supplier-test.server";
import {
  credentialsWithheldMessage,
  exampleOrderMessage,
  getSupplierConfig,
  setSupplierApiUrl,
} from "./supplier-settings.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "API Connection | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** API Connection (spec 1 §2.15): the supplier's endpoint and a test request. No credential leaves the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const supplier = await getSupplierConfig(context.db, context.config);
  return {
    url: supplier.url,
    urlSource: supplier.urlSource,
    isTestSupplier: supplier.isTestSupplier,
    exampleBody: exampleOrderMessage(supplier),
    methods: SUPPLIER_TEST_METHODS,
    defaultContentType: DEFAULT_TEST_CONTENT_TYPE,
    editing: new URL(request.url).searchParams.has("edit"),
  };
}

const apiAnswer = (answer: ApiActionResult, status = 200) => data<ApiActionResult>(answer, { status });

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    "api-url": intent({
      toasts: { failed: "Failed to update API URL", unexpected: "An unexpected error occurred." },
      parse: ({ form, intent: name, toasts }) => {
        const url = form.get("url");
        const failed = (description: string) =>
          refuse(apiAnswer({ ok: false, intent: name, title: toasts.failed, description }, 400));
        if (typeof url !== "string") return failed("Enter the supplier's URL.");
        // eslint-disable-next-line no-control-regex
        if (/[\u0000-\u001f\u007f]/.test(url)) return failed("The URL may not contain control characters.");
        return url;
      },
      run: async (url, { context, actor, viewer, intent: name, toasts }) => {
        const result = await setSupplierApiUrl(context.db, actor, url, context.config.outbound);
        if (!result.ok)
          return apiAnswer({ ok: false, intent: name, title: toasts.failed, description: result.error }, 400);
        context.logger.info({ by: viewer.id }, "admin changed the supplier API URL");
        const supplier = await getSupplierConfig(context.db, context.config);
        const withheld = supplier.credentialsWithheld
          ? ` ${credentialsWithheldMessage(supplier, context.config)}.`
          : "";
        return apiAnswer({
          ok: true,
          intent: name,
          title: "API URL updated successfully",
          description: (result.url ?? "The default endpoint is used again.") + withheld,
        });
      },
    }),
    test: intent({
      toasts: { failed: "API Connection Test Failed", unexpected: "An unexpected error occurred." },
      parse: ({ form, intent: name, toasts }) => {
        const parsed = parseSupplierTestForm(form);
        return parsed.ok
          ? parsed.input
          : refuse(apiAnswer({ ok: false, intent: name, title: toasts.failed, description: parsed.error }, 400));
      },
      run: async (input, { context, viewer, intent: name }) => {
        const { url, outcome, credentialsNotice } = await runSupplierTest(context.db, context.config, input);
        const notice = credentialsNotice ? ` ${credentialsNotice}` : "";
        context.logger.info(
          {
            by: viewer.id,
            method: input.method,
            outcome: outcome.kind,
            status: outcome.kind === "answer" ? outcome.status : null,
          },
          "admin ran a supplier connection test",
        );
        if (outcome.kind === "failed") {
          return apiAnswer({
            ok: false,
            intent: name,
            title: "API Connection Failed",
            description: outcome.message + notice,
            test: { url, outcome },
          });
        }
        const success = outcome.status >= 200 && outcome.status < 300;
        return apiAnswer({
          ok: success,
          intent: name,
          title: success ? "API Connection Successful" : "API Connection Test Failed",
          description: `${outcome.status} in ${outcome.durationMs} ms${notice}`,
          test: { url, outcome },
        });
      },
    }),
  }),
  unknown: () =>
    apiAnswer(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      400,
    ),
  logMessage: "admin supplier API action failed",
  failed: (_error, { intent, toasts }) =>
    apiAnswer({ ok: false, intent, title: toasts.failed, description: toasts.unexpected }, 500),
});

export default function AdminApi({ loaderData, actionData }: Route.ComponentProps) {
  return <ApiPanel {...loaderData} result={actionData} />;
}
