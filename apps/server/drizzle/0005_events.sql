CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp (3) with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivered_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "outbox" SET "next_attempt_at" = "created_at" WHERE "status" = 'queued';--> statement-breakpoint
CREATE INDEX "event_outbox_unpublished_idx" ON "event_outbox" USING btree ("id") WHERE "event_outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('queued', 'sending');