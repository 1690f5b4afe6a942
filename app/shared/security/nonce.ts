import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; an empty string in the browser, which hides it from scripts. */
export function useNonce() {
  return useContext(NonceContext);
}
