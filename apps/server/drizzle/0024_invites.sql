CREATE TABLE "invite_reward_days" (
	"day" text PRIMARY KEY NOT NULL,
	"settled_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"fees" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "invite_rewards_positive" CHECK ("invite_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invite_rule" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"share" numeric(6, 4) NOT NULL,
	"period_days" integer NOT NULL,
	"currency" text NOT NULL,
	"cap_per_invitee" numeric(38, 18),
	"updated_at" timestamp (3) with time zone,
	CONSTRAINT "invite_rule_one" CHECK ("invite_rule"."id" = 1),
	CONSTRAINT "invite_rule_share" CHECK ("invite_rule"."share" >= 0 and "invite_rule"."share" <= 1),
	CONSTRAINT "invite_rule_period" CHECK ("invite_rule"."period_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rewards_invitee_day_uq" ON "invite_rewards" USING btree ("invitee_id","day");--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invited_by_older" CHECK ("users"."invited_by" IS NULL OR "users"."invited_by" < "users"."id");--> statement-breakpoint
INSERT INTO "invite_rule" ("id", "enabled", "share", "period_days", "currency", "cap_per_invitee", "updated_at") VALUES (1, true, 0.2, 180, 'USDT', NULL, NULL) ON CONFLICT DO NOTHING;
