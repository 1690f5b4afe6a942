ALTER TABLE "homepage_carousel" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "homepage_carousel" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "homepage_carousel" ADD CONSTRAINT "homepage_carousel_days_order" CHECK ("ends_on" IS NULL OR "starts_on" IS NULL OR "ends_on" >= "starts_on");
