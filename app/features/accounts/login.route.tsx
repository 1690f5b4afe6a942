import { data, redirect, type AppLoadContext } from "react-router";
import type { Route } from "./+types/login.route";
import { rootOrigin } from "~/shared/page/root-data";
import { LoginPage } from "./login-page";
import {
  AUTH_TEXT,
  REGISTER_MODE_PARAM,
  safeRedirect,
  typedEmail,
  validateEmailOnly,
  validateLogin,
  validateRegister,
  type AuthAnswer,
  type AuthMode,
} from "./credentials";
import { resendVerification, signIn } from "./sign-in.server";
import { signUp } from "./sign-up.server";
import { getViewer } from "./viewer.http.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const register = loaderData?.mode === "register";
  return pageMeta({
    title: register ? "Registreren" : "Inloggen",
    description: register
      ? "Maak een Trapkracht-account aan om je bestellingen te volgen en sneller af te rekenen."
      : "Log in bij Trapkracht met je e-mailadres en wachtwoord of met Strava.",
    origin: rootOrigin(matches),
    path: "/login",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  // Signed in already (another tab, the back button): nothing to do here.
  if (await getViewer(request, context)) throw redirect(redirectTo);
  const mode: AuthMode = url.searchParams.get("mode") === REGISTER_MODE_PARAM ? "register" : "login";
  return { mode, redirectTo, registered: url.searchParams.get("geregistreerd") === "1" };
}

/**
 * One action for the dialog (a fetcher, `via=dialog`: answers with data, so the dialog shows its own
 * toasts) and the page (a plain form that works without JavaScript: redirects on success, re-renders
 * with the errors otherwise). `intent` is login, register or resend.
 *
 * The page's answers carry their real status (400, 401, 403, 429). The dialog's refusals come with
 * 200: the fetcher reads `ok` either way, and an expected refusal then does not show up as a failed
 * request in the browser console.
 */
export const action = intentAction()({
  prepare: ({ form }) => {
    const fromDialog = form.get("via") === "dialog";
    const email = typedEmail(form);
    const status = (refusal: number) => (fromDialog ? 200 : refusal);
    const refused = (mode: AuthMode, refusal: Refusal) =>
      data<AuthAnswer>(
        {
          intent: mode,
          ok: false,
          email,
          errors: refusal.errors ?? {},
          formError: {
            title: refusal.unexpected
              ? AUTH_TEXT.unexpected
              : mode === "login"
                ? AUTH_TEXT.loginFailed
                : AUTH_TEXT.registerFailed,
            message: refusal.message,
          },
          unverified: refusal.unverified || undefined,
        },
        { status: status(refusal.status) },
      );
    return { fromDialog, email, status, refused };
  },
  intents: (intent) => ({
    // While maintenance mode shuts the shop, the gate lets this form through so an admin can sign in
    // from the maintenance screen; registering and resending wait until the shop is open again.
    login: intent({
      parse: ({ form, refused }) => {
        const input = validateLogin(form);
        return input.ok
          ? input.data
          : refuse(refused("login", { status: 400, message: AUTH_TEXT.checkFields, errors: input.errors }));
      },
      run: async (input, { request, context, form, fromDialog, refused }) => {
        const result = await signIn(context.db, context, input, {
          clientIp: context.clientIp,
          headers: request.headers,
        });
        if (!result.ok) {
          return refused("login", {
            status: result.status,
            message: result.message,
            unexpected: result.reason === "unexpected",
            unverified: result.reason === "unverified",
          });
        }
        const headers = new Headers();
        for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
        if (fromDialog) return data<AuthAnswer>({ intent: "login", ok: true }, { headers });
        return redirectWithFlash(
          context.config,
          safeRedirect(form.get("redirectTo")),
          { kind: "success", title: AUTH_TEXT.loginSucceeded },
          { headers },
        );
      },
    }),
    register: intent({
      parse: (ctx) => {
        const closed = closedForMaintenance(ctx);
        if (closed) return refuse(closed);
        const input = validateRegister(ctx.form);
        return input.ok
          ? input.data
          : refuse(ctx.refused("register", { status: 400, message: AUTH_TEXT.checkFields, errors: input.errors }));
      },
      run: async (input, { context, form, fromDialog, refused }) => {
        const result = await signUp(context.db, context, input, { clientIp: context.clientIp });
        if (!result.ok) {
          return refused("register", {
            status: result.status,
            message: result.message,
            unexpected: result.status >= 500,
          });
        }
        if (fromDialog) return data<AuthAnswer>({ intent: "register", ok: true, email: input.email });
        // Post/Redirect/Get: reloading the page must not register (and mail) a second time.
        const next = new URLSearchParams({ geregistreerd: "1" });
        const redirectTo = safeRedirect(form.get("redirectTo"));
        if (redirectTo !== "/") next.set("redirectTo", redirectTo);
        return redirectWithFlash(context.config, `/login?${next}`, {
          kind: "success",
          title: AUTH_TEXT.registerSucceeded,
          description: AUTH_TEXT.checkYourEmail,
        });
      },
    }),
    resend: intent({
      parse: (ctx) => {
        const closed = closedForMaintenance(ctx);
        return closed ? refuse(closed) : validateEmailOnly(ctx.form);
      },
      run: async (input, { context, email, status }) => {
        const result = input.ok
          ? await resendVerification(context.db, context, input.data.email, { clientIp: context.clientIp })
          : { ok: false as const, status: 400, message: AUTH_TEXT.invalidEmail };
        return data<AuthAnswer>(
          { intent: "resend", ok: result.ok, email, message: result.message },
          { status: result.ok ? 200 : status(result.status) },
        );
      },
    }),
  }),
  unknown: (ctx) =>
    closedForMaintenance(ctx) ??
    data("Ongeldig formulier: verstuur het formulier opnieuw vanaf de pagina.", { status: 400 }),
});

/** Registering, resending (and any other form) wait while maintenance mode shuts the shop. */
function closedForMaintenance({
  context,
  refused,
}: {
  context: AppLoadContext;
  refused: (mode: AuthMode, refusal: Refusal) => ReturnType<typeof data<AuthAnswer>>;
}) {
  if (!context.maintenance.blocked) return null;
  return refused("register", {
    status: 503,
    message: "De website is tijdelijk in onderhoud. Probeer het later opnieuw.",
  });
}

type Refusal = {
  status: number;
  message: string;
  errors?: Extract<AuthAnswer, { ok: false }>["errors"];
  unexpected?: boolean;
  unverified?: boolean;
};

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage {...loaderData} answer={typeof actionData === "object" ? actionData : undefined} />;
}
