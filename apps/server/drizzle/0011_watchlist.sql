CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"instrument_id" integer NOT NULL,
	"condition" text NOT NULL,
	"target_price" numeric(38, 12) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"created_tick_id" bigint NOT NULL,
	"created_price" numeric(38, 12) NOT NULL,
	"fired_at" timestamp (3) with time zone,
	"fired_tick_id" bigint,
	"fired_price" numeric(38, 12),
	CONSTRAINT "price_alerts_condition_ck" CHECK ("price_alerts"."condition" in ('above', 'below')),
	CONSTRAINT "price_alerts_target_ck" CHECK ("price_alerts"."target_price" > 0),
	CONSTRAINT "price_alerts_fired_ck" CHECK (("price_alerts"."fired_at" is null) = ("price_alerts"."fired_tick_id" is null) and ("price_alerts"."fired_at" is null) = ("price_alerts"."fired_price" is null))
);
--> statement-breakpoint
CREATE TABLE "watchlist_favourites" (
	"user_id" bigint NOT NULL,
	"instrument_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "watchlist_favourites_user_id_instrument_id_pk" PRIMARY KEY("user_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_quotas" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"active_alerts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "watchlist_quotas_favourites_ck" CHECK ("watchlist_quotas"."favourites" >= 0),
	CONSTRAINT "watchlist_quotas_alerts_ck" CHECK ("watchlist_quotas"."active_alerts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_favourites" ADD CONSTRAINT "watchlist_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_favourites" ADD CONSTRAINT "watchlist_favourites_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_quotas" ADD CONSTRAINT "watchlist_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_public_id_uq" ON "price_alerts" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_waiting_idx" ON "price_alerts" USING btree ("instrument_id") WHERE "price_alerts"."fired_at" is null;