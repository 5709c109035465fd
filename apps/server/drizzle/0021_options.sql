CREATE TABLE "option_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"series_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"quote_id" text NOT NULL,
	"direction" text NOT NULL,
	"period" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"volatility" numeric(10, 4) NOT NULL,
	"model_rate" numeric(20, 10) NOT NULL,
	"spread_bps" integer NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"cap_move" numeric(20, 8) NOT NULL,
	"strike" numeric(38, 18) NOT NULL,
	"open_tick_id" bigint NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"cap_price" numeric(38, 18) NOT NULL,
	"max_payout" numeric(38, 18) NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"settle_price" numeric(38, 18),
	"settle_tick_id" bigint,
	"settle_tick_at" timestamp (3) with time zone,
	"settled_at" timestamp (3) with time zone,
	"payout" numeric(38, 18),
	CONSTRAINT "option_orders_status" CHECK ("option_orders"."status" in ('open', 'settled')),
	CONSTRAINT "option_orders_mode" CHECK ("option_orders"."mode" in ('real', 'demo')),
	CONSTRAINT "option_orders_direction" CHECK ("option_orders"."direction" in ('call', 'put')),
	CONSTRAINT "option_orders_figures" CHECK ("option_orders"."amount" > 0 and "option_orders"."rate" > 0 and "option_orders"."strike" > 0 and "option_orders"."quantity" > 0 and "option_orders"."max_payout" >= 0),
	CONSTRAINT "option_orders_settled" CHECK ("option_orders"."status" = 'open' or ("option_orders"."settle_price" is not null and "option_orders"."settle_tick_id" is not null and "option_orders"."payout" is not null and "option_orders"."payout" <= "option_orders"."max_payout"))
);
--> statement-breakpoint
CREATE TABLE "option_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"series_id" integer NOT NULL,
	"direction" text NOT NULL,
	"period" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"volatility" numeric(10, 4) NOT NULL,
	"model_rate" numeric(20, 10) NOT NULL,
	"spread_bps" integer NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"cap_move" numeric(20, 8) NOT NULL,
	"max_payout" numeric(38, 18) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "option_quotes_mode" CHECK ("option_quotes"."mode" in ('real', 'demo')),
	CONSTRAINT "option_quotes_direction" CHECK ("option_quotes"."direction" in ('call', 'put')),
	CONSTRAINT "option_quotes_figures" CHECK ("option_quotes"."amount" > 0 and "option_quotes"."rate" > 0 and "option_quotes"."max_payout" >= 0 and "option_quotes"."period" > 0)
);
--> statement-breakpoint
CREATE TABLE "option_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"currency" text NOT NULL,
	"periods" integer[] NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"spread_bps" integer NOT NULL,
	"cap_move" numeric(20, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "option_series_amounts" CHECK ("option_series"."min_amount" > 0 and "option_series"."max_amount" >= "option_series"."min_amount"),
	CONSTRAINT "option_series_spread" CHECK ("option_series"."spread_bps" >= 0 and "option_series"."spread_bps" <= 5000),
	CONSTRAINT "option_series_cap" CHECK ("option_series"."cap_move" > 0 and "option_series"."cap_move" < 1),
	CONSTRAINT "option_series_periods" CHECK (cardinality("option_series"."periods") >= 1)
);
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_series_id_option_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."option_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_quotes" ADD CONSTRAINT "option_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_quotes" ADD CONSTRAINT "option_quotes_series_id_option_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."option_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_series" ADD CONSTRAINT "option_series_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_public_uq" ON "option_orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_quote_uq" ON "option_orders" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "option_orders_user_idx" ON "option_orders" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "option_orders_due_idx" ON "option_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "option_quotes_quote_uq" ON "option_quotes" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "option_quotes_unused_idx" ON "option_quotes" USING btree ("expires_at") WHERE "option_quotes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "option_series_instrument_idx" ON "option_series" USING btree ("instrument_id");