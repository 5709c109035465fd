CREATE TABLE "cluster_endpoints" (
	"name" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"pid" integer NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
