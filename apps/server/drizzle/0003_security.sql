CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cfd_orders" ADD COLUMN "public_id" bigint;--> statement-breakpoint
UPDATE "cfd_orders" SET "public_id" = (4503599627370496 + floor(random() * 4503599627370496))::bigint;--> statement-breakpoint
ALTER TABLE "cfd_orders" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cfd_orders" ADD COLUMN "client_request_hash" text;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cfd_orders_public_id_uq" ON "cfd_orders" USING btree ("public_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";