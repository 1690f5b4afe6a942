CREATE TABLE "supplier_feed_seen" (
	"run_id" bigint NOT NULL,
	"art_no" integer NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "supplier_feed_seen_run_id_art_no_pk" PRIMARY KEY("run_id","art_no")
);
--> statement-breakpoint
ALTER TABLE "supplier_feed_runs" ADD COLUMN "progress_line" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_feed_seen" ADD CONSTRAINT "supplier_feed_seen_run_id_supplier_feed_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."supplier_feed_runs"("id") ON DELETE cascade ON UPDATE no action;