CREATE TABLE "supplier_feed_held_deactivations" (
	"run_id" bigint NOT NULL,
	"art_no" integer NOT NULL,
	CONSTRAINT "supplier_feed_held_deactivations_run_id_art_no_pk" PRIMARY KEY("run_id","art_no")
);
--> statement-breakpoint
ALTER TABLE "supplier_feed_runs" ADD COLUMN "deactivation_hold" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_feed_held_deactivations" ADD CONSTRAINT "supplier_feed_held_deactivations_run_id_supplier_feed_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."supplier_feed_runs"("id") ON DELETE cascade ON UPDATE no action;