import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "./auth-card";
import { AuthForm } from "./auth-form";
import { RegisteredNotice } from "./registered-notice";
import { REGISTER_MODE_PARAM, type AuthAnswer, type AuthMode } from "./credentials";
import { toast } from "~/shared/actions/toast";
import { useRootData } from "~/shared/page/root-data";

/**
 * /login: the dialog's form as a page, for the "Inloggen" menu entry and for browsers without
 * JavaScript (a plain form POST; the mode switch is a link).
 */
export function LoginPage({
  mode: requestedMode,
  redirectTo,
  registered,
  answer,
}: {
  mode: AuthMode;
  redirectTo: string;
  registered: boolean;
  answer: AuthAnswer | undefined;
}) {
  const stravaEnabled = useRootData()?.stravaEnabled ?? false;
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === "/login";
  const postedIntent = navigation.formData?.get("intent");
  // A refused registration stays in register mode; everything else (a resend) is login business.
  const mode: AuthMode = answer && answer.intent !== "resend" ? answer.intent : answer ? "login" : requestedMode;
  const answeredEmail = answer && "email" in answer ? answer.email : "";
  // The typed address, reset to what the server echoes whenever a new answer arrives.
  const [typed, setTyped] = useState({ answer, email: answeredEmail });
  if (typed.answer !== answer) setTyped({ answer, email: answeredEmail });
  const email = typed.answer === answer ? typed.email : answeredEmail;
  const setEmail = (next: string) => setTyped({ answer, email: next });
  useEffect(() => {
    if (answer && !answer.ok && answer.intent !== "resend") {
      toast.error(answer.formError.title, { description: answer.formError.message });
    }
  }, [answer]);

  const withRedirect = (params: Record<string, string>) => {
    const search = new URLSearchParams(params);
    if (redirectTo !== "/") search.set("redirectTo", redirectTo);
    const query = search.toString();
    return query ? `/login?${query}` : "/login";
  };

  return (
    <AuthCard
      title={mode === "login" ? "Inloggen" : "Registreren"}
      intro={
        mode === "login"
          ? "Log in met je e-mailadres en wachtwoord of met Strava."
          : "Maak een account aan om je bestellingen te volgen en sneller af te rekenen."
      }
    >
      <AuthForm
        key={mode}
        mode={mode}
        idPrefix="login"
        Form={Form}
        ResendForm={Form}
        busy={posting && postedIntent !== "resend"}
        resendBusy={posting && postedIntent === "resend"}
        answer={answer}
        resendAnswer={answer}
        email={email}
        onEmailChange={setEmail}
        hidden={{ redirectTo }}
        stravaEnabled={stravaEnabled}
        notice={registered && mode === "login" && !answer ? <RegisteredNotice /> : null}
        modeSwitch={
          mode === "login" ? (
            <>
              Nog geen account?{" "}
              <SwitchLink to={withRedirect({ mode: REGISTER_MODE_PARAM })}>Registreer hier</SwitchLink>
            </>
          ) : (
            <>
              Heeft u al een account? <SwitchLink to={withRedirect({})}>Log hier in</SwitchLink>
            </>
          )
        }
      />
    </AuthCard>
  );
}

function SwitchLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
      {children}
    </Link>
  );
}
