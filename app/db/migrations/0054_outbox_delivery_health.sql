ALTER TABLE "outbox" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_sent_at_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_last_error_at_idx" ON "outbox" USING btree ("last_error_at") WHERE "outbox"."last_error_at" IS NOT NULL;--> statement-breakpoint
-- Hand-written: mails that failed before this column existed count from when they were written.
UPDATE "outbox" SET "last_error_at" = "created_at" WHERE "last_error" IS NOT NULL AND "status" <> 'sent';
