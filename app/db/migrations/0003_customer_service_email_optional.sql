ALTER TABLE "site_settings" ALTER COLUMN "customer_service_email" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "site_settings" ALTER COLUMN "customer_service_email" DROP NOT NULL;