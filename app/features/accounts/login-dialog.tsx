import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { AuthForm } from "./auth-form";
import { RegisteredNotice } from "./registered-notice";
import { AUTH_TEXT, type AuthAnswer, type AuthMode } from "./credentials";
import { toast } from "~/shared/actions/toast";
import { useRootData } from "~/shared/page/root-data";

const TITLES = { login: "Inloggen", register: "Registreren" } as const;
const DESCRIPTIONS = {
  login: "Log in met je e-mailadres en wachtwoord of met Strava.",
  register: "Maak een account aan om je bestellingen te volgen en sneller af te rekenen.",
} as const;

/**
 * The login/register dialog of spec 1 §2.3. Loaded on first use (Radix Dialog and zod stay out of
 * every page's first download). It posts to /login through a fetcher; the action answers with data,
 * so the dialog shows the spec's toasts itself, closes on sign-in (after the page data has been
 * reloaded with the session) and switches to login mode after a registration.
 */
export default function LoginDialog({
  open,
  onOpenChange,
  onClosed,
  initialMode = "login",
  adminOnly = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to (the account icon), since the trigger lives outside this module. */
  onClosed: () => void;
  initialMode?: AuthMode;
  /**
   * The maintenance screen's "Inloggen als beheerder": only signing in with a password, no
   * registering and no Strava (an admin account is never a Strava one, and no shopper can get in).
   */
  adminOnly?: boolean;
}) {
  const idPrefix = useId();
  const stravaEnabled = useRootData()?.stravaEnabled ?? false;
  const fetcher = useFetcher<AuthAnswer>();
  const resendFetcher = useFetcher<AuthAnswer>();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState("");
  const [registered, setRegistered] = useState(false);
  // A refusal shows until the next answer or a mode switch (which dismisses it).
  const [dismissed, setDismissed] = useState<AuthAnswer | undefined>();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A mode switch moves focus to the new title, so a screen reader announces the other mode.
  const [titleFocusRequests, setTitleFocusRequests] = useState(0);

  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const answer = data && !data.ok && data !== dismissed ? data : undefined;

  function switchTo(next: AuthMode) {
    setDismissed(fetcher.data);
    if (next === "register") setRegistered(false);
    setTitleFocusRequests((n) => n + 1);
    setMode(next);
  }

  // Every opening starts afresh in the requested mode (an address typed before is kept).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setMode(initialMode);
      setRegistered(false);
      setDismissed(fetcher.data);
    }
  }

  // A registration switches to login mode with the address filled in (spec 1 §4). The answer counts
  // once the fetcher is idle again; after a sign-in that includes reloading the page data, so the
  // header already shows the account menu when the dialog closes.
  const [seen, setSeen] = useState(data);
  if (data && data !== seen) {
    setSeen(data);
    if (data.intent === "register" && data.ok) {
      setEmail(data.email);
      setRegistered(true);
      switchTo("login");
    }
  }

  // Toasts and closing: effects of an answer outside this component's own state.
  const toasted = useRef<AuthAnswer | undefined>(undefined);
  useEffect(() => {
    if (!data || toasted.current === data || data.intent === "resend") return;
    toasted.current = data;
    if (!data.ok) {
      toast.error(data.formError.title, { description: data.formError.message });
    } else if (data.intent === "login") {
      toast.success(AUTH_TEXT.loginSucceeded);
      onOpenChange(false);
    } else {
      toast.success(AUTH_TEXT.registerSucceeded, { description: AUTH_TEXT.checkYourEmail });
    }
  }, [data, onOpenChange]);

  useEffect(() => {
    if (titleFocusRequests > 0) titleRef.current?.focus();
  }, [titleFocusRequests]);

  // Following a link out of the dialog ("Wachtwoord vergeten?") closes it.
  const location = useLocation();
  const shownOn = useRef(location.key);
  useEffect(() => {
    if (shownOn.current === location.key) return;
    shownOn.current = location.key;
    onOpenChange(false);
  }, [location.key, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            document.getElementById(`${idPrefix}-email`)?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl sm:p-6"
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title ref={titleRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
                {adminOnly ? "Inloggen als beheerder" : TITLES[mode]}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {adminOnly
                  ? "Zolang de winkel in onderhoud is, kunnen alleen beheerders inloggen."
                  : DESCRIPTIONS[mode]}
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Sluiten" className="-mt-1 -mr-1 rounded-md p-2 hover:bg-surface">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <AuthForm
            key={mode}
            mode={mode}
            idPrefix={idPrefix}
            Form={fetcher.Form}
            ResendForm={resendFetcher.Form}
            busy={fetcher.state !== "idle"}
            resendBusy={resendFetcher.state !== "idle"}
            answer={answer}
            resendAnswer={resendFetcher.data}
            email={email}
            onEmailChange={setEmail}
            hidden={{ via: "dialog" }}
            stravaEnabled={stravaEnabled}
            withStrava={!adminOnly}
            notice={registered && mode === "login" ? <RegisteredNotice /> : null}
            onLeave={() => onOpenChange(false)}
            modeSwitch={
              adminOnly ? null : mode === "login" ? (
                <>
                  Nog geen account? <SwitchButton onClick={() => switchTo("register")}>Registreer hier</SwitchButton>
                </>
              ) : (
                <>
                  Heeft u al een account? <SwitchButton onClick={() => switchTo("login")}>Log hier in</SwitchButton>
                </>
              )
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SwitchButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {children}
    </button>
  );
}
