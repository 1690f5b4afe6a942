import { data, redirect } from "react-router";
import type { Viewer } from "./viewer";
import { requireViewer, type SessionDeps } from "./viewer.http.server";
import { redirectWithFlash, type FlashConfig } from "~/shared/actions/flash.server";
import { intentAction } from "~/shared/actions/intent-action.server";
import { getProfile, updateProfile } from "./profile.server";
import { getProfileAddress, saveProfileAddress } from "./profile-address.server";
import {
  ADDRESS_INTENT,
  ADDRESS_MESSAGES,
  addressValuesFrom,
  validateProfileAddress,
  type AddressErrors,
  type AddressValues,
} from "./profile-address";
import {
  PROFILE_MESSAGES,
  profileValuesFrom,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from "./profile-schema";

/*
 * HTTP adapter (docs/architecture.md "Layers"): the loader and action of /profile and /account read
 * the session and the posted forms here, validate them and call the profile services with the Db.
 */

/** The forms answer with a flash cookie, which needs the shop's URL. */
type FormDeps = SessionDeps & { config: FlashConfig };

/**
 * The account pages need a session (guests go to /, spec 1 §6) and a real e-mail address: a Strava
 * user who has not given one yet is sent to give it first, because orders are found by e-mail.
 */
export async function requireAccountViewer(request: Request, deps: SessionDeps): Promise<Viewer> {
  const viewer = await requireViewer(request, deps);
  if (viewer.needsEmail) throw redirect("/auth/email");
  return viewer;
}

/** Loader of /profile and /account: the signed-in shopper's own profile. */
export async function loadProfilePage(request: Request, deps: SessionDeps) {
  const viewer = await requireAccountViewer(request, deps);
  const [profile, address] = await Promise.all([getProfile(deps.db, viewer), getProfileAddress(deps.db, viewer)]);
  return { profile, address };
}

export type ProfileActionResult = {
  form: "profile";
  values: ProfileValues;
  errors: ProfileErrors;
  formError: string;
  detail: string;
};

/**
 * Action of /profile and /account: the personal details form (no intent) or the delivery address
 * (intent "address"). It saves only the viewer's own record: nothing posted can name another
 * account, and a posted e-mail address is ignored. Success: Post/Redirect/Get back to `path` with
 * the form's toast (works without JavaScript). Failure: the page again with the entered values and
 * the error message.
 */
export function profilePageAction(path: "/profile" | "/account") {
  return intentAction()({
    guard: async ({ request, context }) => ({ viewer: await requireAccountViewer(request, context) }),
    intents: (intent) => ({
      [ADDRESS_INTENT]: intent({
        run: (_input, { form, viewer, context }) => submitAddressForm(form, viewer, context, path),
      }),
    }),
    // The personal details form posts no intent.
    unknown: ({ form, viewer, context }) => submitProfileForm(form, viewer, context, path),
  });
}

async function submitProfileForm(form: FormData, viewer: Viewer, deps: FormDeps, path: "/profile" | "/account") {
  const values = profileValuesFrom(form);
  const result = validateProfile(values);
  if (!result.ok) {
    return data<ProfileActionResult>(
      {
        form: "profile",
        values,
        errors: result.errors,
        formError: PROFILE_MESSAGES.saveError,
        detail: "Controleer de gemarkeerde velden.",
      },
      { status: 400 },
    );
  }
  try {
    await updateProfile(deps.db, viewer, result.data);
  } catch (error) {
    deps.logger.error({ err: error, userId: viewer.id }, "profile update failed");
    return data<ProfileActionResult>(
      {
        form: "profile",
        values,
        errors: {},
        formError: PROFILE_MESSAGES.saveError,
        detail: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
      },
      { status: 500 },
    );
  }
  return redirectWithFlash(deps.config, path, { kind: "success", title: PROFILE_MESSAGES.saved });
}

export type AddressActionResult = {
  form: "address";
  values: AddressValues;
  errors: AddressErrors;
  formError: string;
  detail: string;
};

/**
 * The profile's "Bezorgadres" form (issue 30 item 14): the viewer's own default address, checked
 * with the checkout's shipping rules. Success: back to `path` with "Adres opgeslagen"; failure: the
 * page again with the entered values and the messages.
 */
async function submitAddressForm(form: FormData, viewer: Viewer, deps: FormDeps, path: "/profile" | "/account") {
  const values = addressValuesFrom(form);
  const result = validateProfileAddress(values);
  const refuse = (errors: AddressErrors, detail: string, status: number) =>
    data<AddressActionResult>(
      { form: "address", values, errors, formError: ADDRESS_MESSAGES.saveError, detail },
      { status },
    );
  if (!result.ok) return refuse(result.errors, ADDRESS_MESSAGES.checkFields, 400);
  try {
    await saveProfileAddress(deps.db, viewer, result.data);
  } catch (error) {
    deps.logger.error({ err: error, userId: viewer.id }, "profile address update failed");
    return refuse({}, ADDRESS_MESSAGES.failed, 500);
  }
  return redirectWithFlash(deps.config, path, { kind: "success", title: ADDRESS_MESSAGES.saved });
}
