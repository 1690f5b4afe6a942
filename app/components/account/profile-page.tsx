import { AccountShell } from "./account-shell";
import { ProfileForm, type ProfileData, type ProfileFormResult } from "./profile-form";

/** The whole profile page; /profile and /account both render it (spec 1 §2.1, §2.10). */
export function ProfilePage({
  profile,
  result,
  action,
}: {
  profile: ProfileData;
  result: ProfileFormResult | undefined;
  action: "/profile" | "/account";
}) {
  return (
    <AccountShell title="Mijn account" intro="Beheer je gegevens en bekijk je bestellingen." current="profile">
      {/* A new key after a save: the fields start again from what is now stored. */}
      <ProfileForm
        key={`${profile.firstName}\u0000${profile.lastName}\u0000${profile.phone}`}
        profile={profile}
        result={result}
        action={action}
      />
    </AccountShell>
  );
}
