ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "pinned_at" timestamp with time zone;