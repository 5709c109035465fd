CREATE TABLE "cluster_secret" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cluster_secret_single_row" CHECK ("cluster_secret"."id" = 1)
);
