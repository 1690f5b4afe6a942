CREATE INDEX "outbox_to_address_trgm_idx" ON "outbox" USING gin (lower("to_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_subject_trgm_idx" ON "outbox" USING gin (lower("subject") gin_trgm_ops);--> statement-breakpoint
-- Hand-written: statistics for the new expression indexes at once, so the planner walks the id order
-- for a term most mails contain instead of reading every match through the trigram index (ADR 0036).
ANALYZE "outbox";
