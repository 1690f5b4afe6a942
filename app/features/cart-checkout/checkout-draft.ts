import { CHECKOUT_FIELDS, validateCustomer, validateShipping, type CheckoutValues } from "./checkout-schema";

/**
 * What the shopper typed in the checkout, kept in this tab's sessionStorage so a reload on step 2
 * or 3 does not start over with empty fields. Never the password; cleared when the order is placed.
 */
export type CheckoutDraft = { step: 1 | 2 | 3; values: Partial<CheckoutValues>; couponCode: string };

const KEY = "checkout-draft";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage switched off: the checkout simply starts afresh
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  const { password: _password, ...values } = draft.values;
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...draft, values }));
  } catch {
    // Full or refused storage: nothing to keep, nothing lost for the order itself.
  }
}

export function clearCheckoutDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // as above
  }
}

/**
 * The kept draft merged over `base` (the server's prefill), with the step it reached, but never a
 * step whose earlier steps are not valid any more; null when there is none.
 */
export function restoreCheckoutDraft(
  base: CheckoutValues,
  opts: { keepEmail: boolean },
): { step: 1 | 2 | 3; values: CheckoutValues; couponCode: string } | null {
  let parsed: unknown;
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const draft = parsed as Partial<CheckoutDraft>;
  const values: CheckoutValues = { ...base };
  for (const field of CHECKOUT_FIELDS) {
    const value = draft.values?.[field];
    if (field === "password" || (field === "email" && opts.keepEmail)) continue;
    if (typeof value === "string" && value.length <= 500) values[field] = value;
  }
  let step: 1 | 2 | 3 = draft.step === 3 ? 3 : draft.step === 2 ? 2 : 1;
  // A new account needs its password again, which is never kept: back to step 1 for it.
  if (step > 1 && (!validateCustomer(values).ok || values.createAccount === "on")) step = 1;
  if (step > 2 && !validateShipping(values).ok) step = 2;
  const couponCode = typeof draft.couponCode === "string" ? draft.couponCode.slice(0, 50) : "";
  return { step, values, couponCode };
}
