CREATE TABLE "exchange_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"receive" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"spread_bps" integer NOT NULL,
	"from_price" numeric(38, 18) NOT NULL,
	"to_price" numeric(38, 18) NOT NULL,
	"from_tick_id" bigint,
	"to_tick_id" bigint,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "exchange_quotes_mode" CHECK ("exchange_quotes"."mode" in ('real', 'demo')),
	CONSTRAINT "exchange_quotes_currencies" CHECK ("exchange_quotes"."from_currency" <> "exchange_quotes"."to_currency"),
	CONSTRAINT "exchange_quotes_amounts" CHECK ("exchange_quotes"."amount" > 0 and "exchange_quotes"."receive" > 0 and "exchange_quotes"."rate" > 0 and "exchange_quotes"."from_price" > 0 and "exchange_quotes"."to_price" > 0),
	CONSTRAINT "exchange_quotes_spread" CHECK ("exchange_quotes"."spread_bps" >= 0 and "exchange_quotes"."spread_bps" < 10000)
);
--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_quotes_quote_uq" ON "exchange_quotes" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "exchange_quotes_used_idx" ON "exchange_quotes" USING btree ("user_id","mode","used_at","id") WHERE "exchange_quotes"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "exchange_quotes_unused_idx" ON "exchange_quotes" USING btree ("expires_at") WHERE "exchange_quotes"."used_at" is null;