CREATE TABLE "local_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_total_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"customer_email" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"bank" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "local_payment_sessions_order_idx" ON "local_payment_sessions" USING btree ("order_id");