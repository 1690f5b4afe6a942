import { CheckCircle2 } from "lucide-react";
import { AUTH_TEXT } from "./credentials";

/** Shown in login mode after a registration: the account works once the mailed link is opened. */
export function RegisteredNotice() {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <div>
        <p className="font-semibold">{AUTH_TEXT.registerSucceeded}</p>
        <p>{AUTH_TEXT.checkYourEmail}</p>
      </div>
    </div>
  );
}
