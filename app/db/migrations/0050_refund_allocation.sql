ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "vat_lines" jsonb;--> statement-breakpoint
UPDATE "orders" o SET "refunded_cents" = r.cents
FROM (SELECT "order_id", sum("amount_cents")::integer AS cents FROM "order_refunds" WHERE "status" = 'succeeded' GROUP BY "order_id") r
WHERE r."order_id" = o."id";
