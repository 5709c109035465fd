CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"period_key" text NOT NULL,
	"state" text NOT NULL,
	"scheduled_for" timestamp (3) with time zone NOT NULL,
	"data" jsonb,
	"queue_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_period_key" ON "job_runs" USING btree ("job","period_key");--> statement-breakpoint
CREATE INDEX "job_runs_job_scheduled_idx" ON "job_runs" USING btree ("job","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_queue_id_key" ON "job_runs" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "job_runs_pending_idx" ON "job_runs" USING btree ("scheduled_for") WHERE "job_runs"."state" in ('scheduled', 'queued');