CREATE TABLE "spot_books" (
	"pair_id" integer NOT NULL,
	"mode" text NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "spot_books_pair_id_mode_pk" PRIMARY KEY("pair_id","mode")
);
--> statement-breakpoint
CREATE TABLE "spot_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pair_id" integer NOT NULL,
	"mode" text NOT NULL,
	"seq" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_side" text NOT NULL,
	"price_ticks" bigint NOT NULL,
	"qty_lots" bigint NOT NULL,
	"turnover" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "spot_fills_amounts" CHECK ("spot_fills"."qty_lots" > 0 and "spot_fills"."price_ticks" > 0 and "spot_fills"."turnover" > 0)
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"pair_id" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"tif" text NOT NULL,
	"price_ticks" bigint,
	"protection_ticks" bigint,
	"qty_lots" bigint NOT NULL,
	"filled_lots" bigint DEFAULT 0 NOT NULL,
	"turnover" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee_accrual" numeric(38, 18) DEFAULT '0' NOT NULL,
	"held" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"book_seq" bigint,
	"client_order_id" text,
	"client_request_hash" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"last_trade_at" timestamp (3) with time zone,
	CONSTRAINT "spot_orders_mode" CHECK ("spot_orders"."mode" in ('real', 'demo')),
	CONSTRAINT "spot_orders_side" CHECK ("spot_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "spot_orders_type" CHECK ("spot_orders"."type" in ('limit', 'market')),
	CONSTRAINT "spot_orders_tif" CHECK ("spot_orders"."tif" in ('GTC', 'IOC', 'FOK', 'POST_ONLY')),
	CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" in ('open', 'filled', 'cancelled')),
	CONSTRAINT "spot_orders_lots" CHECK ("spot_orders"."qty_lots" > 0 and "spot_orders"."filled_lots" between 0 and "spot_orders"."qty_lots"),
	CONSTRAINT "spot_orders_amounts" CHECK ("spot_orders"."turnover" >= 0 and "spot_orders"."fee" >= 0 and "spot_orders"."held" >= 0),
	CONSTRAINT "spot_orders_price" CHECK (("spot_orders"."type" = 'limit' and "spot_orders"."price_ticks" > 0) or ("spot_orders"."type" = 'market' and "spot_orders"."price_ticks" is null))
);
--> statement-breakpoint
CREATE TABLE "spot_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"instrument_code" text,
	"tick_size" numeric(38, 18) NOT NULL,
	"lot_size" numeric(38, 18) NOT NULL,
	"min_lots" bigint NOT NULL,
	"max_lots" bigint NOT NULL,
	"maker_fee_ppm" integer NOT NULL,
	"taker_fee_ppm" integer NOT NULL,
	"protection_ppm" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"mm_enabled" boolean DEFAULT true NOT NULL,
	"mm_spread_ppm" integer NOT NULL,
	"mm_step_ppm" integer NOT NULL,
	"mm_levels" integer NOT NULL,
	"mm_level_quote" numeric(38, 18) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "spot_pairs_currencies" CHECK ("spot_pairs"."base" <> "spot_pairs"."quote"),
	CONSTRAINT "spot_pairs_grid" CHECK ("spot_pairs"."tick_size" > 0 and "spot_pairs"."lot_size" > 0),
	CONSTRAINT "spot_pairs_lots" CHECK ("spot_pairs"."min_lots" > 0 and "spot_pairs"."max_lots" >= "spot_pairs"."min_lots"),
	CONSTRAINT "spot_pairs_rates" CHECK ("spot_pairs"."maker_fee_ppm" between 0 and 100000 and "spot_pairs"."taker_fee_ppm" between 0 and 100000 and "spot_pairs"."protection_ppm" between 1 and 500000),
	CONSTRAINT "spot_pairs_maker" CHECK ("spot_pairs"."mm_spread_ppm" between 1 and 200000 and "spot_pairs"."mm_step_ppm" between 1 and 200000 and "spot_pairs"."mm_levels" between 1 and 50 and "spot_pairs"."mm_level_quote" > 0)
);
--> statement-breakpoint
ALTER TABLE "spot_books" ADD CONSTRAINT "spot_books_pair_id_spot_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."spot_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_pair_id_spot_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."spot_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_taker_order_id_spot_orders_id_fk" FOREIGN KEY ("taker_order_id") REFERENCES "public"."spot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_maker_order_id_spot_orders_id_fk" FOREIGN KEY ("maker_order_id") REFERENCES "public"."spot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_pair_id_spot_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."spot_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_pairs" ADD CONSTRAINT "spot_pairs_base_currencies_code_fk" FOREIGN KEY ("base") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_pairs" ADD CONSTRAINT "spot_pairs_quote_currencies_code_fk" FOREIGN KEY ("quote") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_fills_book_idx" ON "spot_fills" USING btree ("pair_id","mode","id");--> statement-breakpoint
CREATE INDEX "spot_fills_taker_idx" ON "spot_fills" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "spot_fills_maker_idx" ON "spot_fills" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "spot_fills_time_idx" ON "spot_fills" USING btree ("pair_id","mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_public_uq" ON "spot_orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_client_uq" ON "spot_orders" USING btree ("user_id","mode","client_order_id") WHERE "spot_orders"."client_order_id" is not null;--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "spot_orders_open_idx" ON "spot_orders" USING btree ("pair_id","mode","book_seq") WHERE "spot_orders"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "spot_pairs_symbol_uq" ON "spot_pairs" USING btree ("symbol");