import { AccountShell } from "./account-shell";
import type { AddressValues } from "./profile-address";
import { AddressForm, type AddressFormResult } from "./address-form";
import { ProfileForm, type ProfileData, type ProfileFormResult } from "./profile-form";

/** The action's answer names the form it is about: the profile's own fields or the address. */
export type ProfilePageResult = (ProfileFormResult & { form: "profile" }) | (AddressFormResult & { form: "address" });

/** The whole profile page; /profile and /account both render it (spec 1 §2.1, §2.10). */
export function ProfilePage({
  profile,
  address,
  result,
  action,
}: {
  profile: ProfileData;
  address: AddressValues;
  result: ProfilePageResult | undefined;
  action: "/profile" | "/account";
}) {
  return (
    <AccountShell title="Mijn account" intro="Beheer je gegevens en bekijk je bestellingen." current="profile">
      {/* A new key after a save: the fields start again from what is now stored. */}
      <ProfileForm
        key={`${profile.firstName}\u0000${profile.lastName}\u0000${profile.phone}`}
        profile={profile}
        result={result?.form === "profile" ? result : undefined}
        action={action}
      />
      <AddressForm
        key={Object.values(address).join("\u0000")}
        saved={address}
        result={result?.form === "address" ? result : undefined}
        action={action}
      />
    </AccountShell>
  );
}
