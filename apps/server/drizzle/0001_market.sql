CREATE SEQUENCE "public"."market_tick_ids" INCREMENT BY 1000 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "market_instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"asset_class" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"quote_to_usdt" text NOT NULL,
	"tick_size" numeric(38, 12) NOT NULL,
	"price_decimals" integer NOT NULL,
	"contract_size" numeric(38, 8) NOT NULL,
	"lot_step" numeric(38, 8) NOT NULL,
	"min_lots" numeric(38, 8) NOT NULL,
	"max_lots" numeric(38, 8) NOT NULL,
	"max_leverage" integer NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"session" jsonb NOT NULL,
	"volatility" numeric(8, 4) NOT NULL,
	"initial_price" numeric(38, 12) NOT NULL,
	"spread_rate" numeric(12, 8) NOT NULL,
	"daily_volume" numeric(38, 8) NOT NULL,
	"feed_symbol" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_instruments_type_range" CHECK ("market_instruments"."type" between 1 and 5),
	CONSTRAINT "market_instruments_quote_to_usdt" CHECK ("market_instruments"."quote_to_usdt" in ('direct', 'inverse')),
	CONSTRAINT "market_instruments_positive" CHECK ("market_instruments"."tick_size" > 0 and "market_instruments"."contract_size" > 0 and "market_instruments"."lot_step" > 0
      and "market_instruments"."min_lots" > 0 and "market_instruments"."max_lots" >= "market_instruments"."min_lots" and "market_instruments"."max_leverage" >= 1 and "market_instruments"."initial_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_klines" (
	"instrument_id" integer NOT NULL,
	"period" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(38, 12) NOT NULL,
	"high" numeric(38, 12) NOT NULL,
	"low" numeric(38, 12) NOT NULL,
	"close" numeric(38, 12) NOT NULL,
	"volume" numeric(38, 8) NOT NULL,
	CONSTRAINT "market_klines_instrument_id_period_open_time_pk" PRIMARY KEY("instrument_id","period","open_time"),
	CONSTRAINT "market_klines_ohlc" CHECK ("market_klines"."low" > 0 and "market_klines"."low" <= least("market_klines"."open", "market_klines"."close")
      and "market_klines"."high" >= greatest("market_klines"."open", "market_klines"."close") and "market_klines"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"bid" numeric(38, 12) NOT NULL,
	"ask" numeric(38, 12) NOT NULL,
	"price" numeric(38, 12) NOT NULL,
	"volume" numeric(38, 8) DEFAULT '0' NOT NULL,
	"source" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "market_ticks_positive" CHECK ("market_ticks"."bid" > 0 and "market_ticks"."ask" >= "market_ticks"."bid" and "market_ticks"."price" > 0 and "market_ticks"."volume" >= 0)
);
--> statement-breakpoint
ALTER TABLE "market_ticks" ADD CONSTRAINT "market_ticks_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_instruments_code_uq" ON "market_instruments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "market_instruments_type_idx" ON "market_instruments" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "market_ticks_instrument_ts_idx" ON "market_ticks" USING btree ("instrument_id","ts");--> statement-breakpoint
CREATE INDEX "market_ticks_ts_idx" ON "market_ticks" USING btree ("ts");