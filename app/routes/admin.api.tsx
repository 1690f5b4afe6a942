import { data } from "react-router";
import type { Route } from "./+types/admin.api";
import { ApiPanel, type ApiActionResult } from "~/components/admin/api-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import {
  DEFAULT_TEST_CONTENT_TYPE,
  parseSupplierTestForm,
  runSupplierTest,
  SUPPLIER_TEST_METHODS,
} from "~/domain/admin/supplier-test.server";
import {
  credentialsWithheldMessage,
  exampleOrderMessage,
  getSupplierConfig,
  setSupplierApiUrl,
} from "~/domain/fulfilment/supplier-settings.server";
import { readForm } from "~/lib/form.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "api-url") {
    const url = form.get("url");
    const failed = (description: string, status: number) =>
      data<ApiActionResult>({ ok: false, intent, title: "Failed to update API URL", description }, { status });
    if (typeof url !== "string") return failed("Enter the supplier's URL.", 400);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(url)) return failed("The URL may not contain control characters.", 400);
    try {
      const result = await setSupplierApiUrl(
        context.db,
        { id: viewer.id, email: viewer.email },
        url,
        context.config.outbound,
      );
      if (!result.ok) return failed(result.error, 400);
      context.logger.info({ by: viewer.id }, "admin changed the supplier API URL");
      const supplier = await getSupplierConfig(context.db, context.config);
      const withheld = supplier.credentialsWithheld ? ` ${credentialsWithheldMessage(supplier, context.config)}.` : "";
      return data<ApiActionResult>({
        ok: true,
        intent,
        title: "API URL updated successfully",
        description: (result.url ?? "The default endpoint is used again.") + withheld,
      });
    } catch (error) {
      context.logger.error({ err: error }, "supplier API URL update failed");
      return failed("An unexpected error occurred.", 500);
    }
  }

  if (intent === "test") {
    const parsed = parseSupplierTestForm(form);
    if (!parsed.ok) {
      return data<ApiActionResult>(
        { ok: false, intent, title: "API Connection Test Failed", description: parsed.error },
        { status: 400 },
      );
    }
    const { url, outcome, credentialsNotice } = await runSupplierTest(context.db, context.config, parsed.input);
    const notice = credentialsNotice ? ` ${credentialsNotice}` : "";
    context.logger.info(
      {
        by: viewer.id,
        method: parsed.input.method,
        outcome: outcome.kind,
        status: outcome.kind === "answer" ? outcome.status : null,
      },
      "admin ran a supplier connection test",
    );
    if (outcome.kind === "failed") {
      return data<ApiActionResult>({
        ok: false,
        intent,
        title: "API Connection Failed",
        description: outcome.message + notice,
        test: { url, outcome },
      });
    }
    const success = outcome.status >= 200 && outcome.status < 300;
    return data<ApiActionResult>({
      ok: success,
      intent,
      title: success ? "API Connection Successful" : "API Connection Test Failed",
      description: `${outcome.status} in ${outcome.durationMs} ms${notice}`,
      test: { url, outcome },
    });
  }

  return data<ApiActionResult>(
    { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
    { status: 400 },
  );
}

export default function AdminApi({ loaderData, actionData }: Route.ComponentProps) {
  return <ApiPanel {...loaderData} result={actionData} />;
}
