// The login dialog, loaded on demand (import("~/features/accounts/lazy") in the header's account menu
// and on the maintenance screen): its Radix and zod stay out of every page's JavaScript.
export { default } from "./login-dialog";
