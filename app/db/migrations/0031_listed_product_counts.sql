CREATE TABLE "listed_product_counts" (
	"category_id" integer,
	"listed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listed_product_counts_category_key" UNIQUE NULLS NOT DISTINCT("category_id")
);
