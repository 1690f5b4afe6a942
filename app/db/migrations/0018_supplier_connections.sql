CREATE TABLE "supplier_connections" (
	"kind" text PRIMARY KEY NOT NULL,
	"host" text,
	"port" integer,
	"username" text,
	"logon_type" text,
	"password_enc" text,
	"private_key_enc" text,
	"remote_path" text,
	"secure" boolean,
	"host_key_sha256" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
