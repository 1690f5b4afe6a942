// The order timeline's public entry for any module (issue 28, ADR 0029): the component and the view
// mapping. Its server services (the assembly and the resend) are in index.server.ts, because a
// route's component imports from here and the browser bundle may not reach a *.server module.
export { toTimelineView, adminChangeTitle, type TimelineItemView, type TimelineTone } from "./timeline-view";
export type { MailState, TimelineEntry, TimelineKind } from "./timeline-entry";
export { OrderTimeline } from "./order-timeline";
