import { data, redirect } from "react-router";
import type { AppContext } from "~/context";
import { requireViewer, type Viewer } from "~/domain/auth/viewer.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { getProfile, updateProfile } from "./profile.server";
import {
  PROFILE_MESSAGES,
  profileValuesFrom,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from "./profile-schema";

type Deps = Pick<AppContext, "auth" | "db" | "logger">;

/**
 * The account pages need a session (guests go to /, spec 1 §6) and a real e-mail address: a Strava
 * user who has not given one yet is sent to give it first, because orders are found by e-mail.
 */
export async function requireAccountViewer(request: Request, deps: Deps): Promise<Viewer> {
  const viewer = await requireViewer(request, deps);
  if (viewer.needsEmail) throw redirect("/auth/email");
  return viewer;
}

/** Loader of /profile and /account: the signed-in shopper's own profile. */
export async function loadProfilePage(request: Request, deps: Deps) {
  const viewer = await requireAccountViewer(request, deps);
  return { profile: await getProfile(deps.db, viewer) };
}

export type ProfileActionResult = {
  values: ProfileValues;
  errors: ProfileErrors;
  formError: string;
  detail: string;
};

/**
 * Action of /profile and /account. It saves only the viewer's own record: nothing posted can name
 * another account, and a posted e-mail address is ignored. Success: Post/Redirect/Get back to
 * `path` with the "Profiel bijgewerkt" toast (works without JavaScript). Failure: the page again
 * with the entered values and the error message.
 */
export async function submitProfileForm(
  request: Request,
  deps: Deps & Pick<AppContext, "config">,
  path: "/profile" | "/account",
) {
  const viewer = await requireAccountViewer(request, deps);
  const values = profileValuesFrom(await readForm(request));
  const result = validateProfile(values);
  if (!result.ok) {
    return data<ProfileActionResult>(
      {
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
