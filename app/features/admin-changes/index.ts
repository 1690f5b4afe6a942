/**
 * The change log in the owner's words (issues 9 and 29, ADR 0037). Its route is changes.route.tsx
 * (/admin/changes, named in app/routes.ts); the wording of an entry and its label table are here, for
 * any screen that shows a recorded change.
 */
export { CHANGE_ENTITY_TYPES, FIELD_LABELS, entityTypeLabel, fieldLabel } from "./labels";
export { describeChange, type ChangeWording, type RecordedChange, type WordingContext } from "./wording";
export { ChangeHistoryLink } from "./history-link";
