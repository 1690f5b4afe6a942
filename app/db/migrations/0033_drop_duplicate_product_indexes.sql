DROP INDEX "products_short_description_trgm_idx";--> statement-breakpoint
DROP INDEX "products_suggestion_cover_idx";