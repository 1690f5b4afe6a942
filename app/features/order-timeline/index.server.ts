// The order timeline's server entry: the assembly (loaders) and the resend (actions).
export { loadOrderTimeline } from "./timeline.server";
export { resendOrderMail, type ResendResult } from "./resend.server";
