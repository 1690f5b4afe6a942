import { inject } from "vitest";
import "./address-register";

/** From a test: the fake PDOK refuses connections ("down") or answers again ("up"). */
export async function setAddressRegister(state: "down" | "up"): Promise<void> {
  const res = await fetch(`${inject("addressRegisterControlUrl")}/${state}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`address register control answered ${res.status}`);
}
