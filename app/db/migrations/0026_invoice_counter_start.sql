-- Orders paid before invoices existed get theirs now, numbered in the order they were paid; the
-- counter goes on after the last one (0 on a new shop: the first invoice is number 1).
INSERT INTO "invoices" ("number", "kind", "order_id", "issued_at")
SELECT row_number() OVER (ORDER BY "paid_at", "id"), 'invoice', "id", "paid_at"
FROM "orders" WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last_number")
SELECT 1, coalesce(max("number"), 0) FROM "invoices"
ON CONFLICT ("id") DO NOTHING;
