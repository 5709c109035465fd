CREATE TABLE "level_tiers" (
	"id" integer PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"min_volume" numeric(38, 18) NOT NULL,
	"min_balance" numeric(38, 18),
	"discount_bps" integer NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "level_tiers_discount" CHECK ("level_tiers"."discount_bps" >= 0 and "level_tiers"."discount_bps" < 10000),
	CONSTRAINT "level_tiers_amounts" CHECK ("level_tiers"."min_volume" >= 0 and ("level_tiers"."min_balance" is null or "level_tiers"."min_balance" >= 0))
);
--> statement-breakpoint
CREATE TABLE "user_levels" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"volume_30d" numeric(38, 18) NOT NULL,
	"period" text NOT NULL,
	"computed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_levels" ADD CONSTRAINT "user_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;