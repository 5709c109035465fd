CREATE TABLE "cfd_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"lots" numeric(38, 8) NOT NULL,
	"price" numeric(38, 12) NOT NULL,
	"tick_id" bigint NOT NULL,
	"notional" numeric(38, 6) NOT NULL,
	"fee" numeric(38, 6) DEFAULT '0' NOT NULL,
	"margin" numeric(38, 6) NOT NULL,
	"pnl" numeric(38, 6) DEFAULT '0' NOT NULL,
	"loss_waived" numeric(38, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cfd_fills_kind" CHECK ("cfd_fills"."kind" in ('open', 'close')),
	CONSTRAINT "cfd_fills_amounts" CHECK ("cfd_fills"."lots" > 0 and "cfd_fills"."price" > 0 and "cfd_fills"."notional" >= 0 and "cfd_fills"."loss_waived" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cfd_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"client_order_id" text,
	"instrument_id" integer NOT NULL,
	"instrument_code" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"lots" numeric(38, 8) NOT NULL,
	"open_lots" numeric(38, 8) NOT NULL,
	"leverage" integer NOT NULL,
	"order_price" numeric(38, 12),
	"placed_tick_id" bigint NOT NULL,
	"entry_price" numeric(38, 12),
	"entry_tick_id" bigint,
	"opened_at" timestamp (3) with time zone,
	"close_price" numeric(38, 12),
	"close_tick_id" bigint,
	"close_reason" text,
	"closed_at" timestamp (3) with time zone,
	"cancel_reason" text,
	"cancelled_at" timestamp (3) with time zone,
	"stop_loss" numeric(38, 12),
	"take_profit" numeric(38, 12),
	"stop_out_price" numeric(38, 12),
	"stop_out_level" numeric(6, 4) NOT NULL,
	"margin" numeric(38, 6) NOT NULL,
	"margin_held" numeric(38, 6) NOT NULL,
	"fee" numeric(38, 6) NOT NULL,
	"realised_pnl" numeric(38, 6) DEFAULT '0' NOT NULL,
	"realised_num" numeric DEFAULT '0' NOT NULL,
	"realised_den" numeric DEFAULT '1' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cfd_orders_mode" CHECK ("cfd_orders"."mode" in ('real', 'demo')),
	CONSTRAINT "cfd_orders_side" CHECK ("cfd_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "cfd_orders_type" CHECK ("cfd_orders"."type" in ('market', 'limit', 'stop')),
	CONSTRAINT "cfd_orders_status" CHECK ("cfd_orders"."status" in ('pending', 'open', 'closed', 'cancelled')),
	CONSTRAINT "cfd_orders_amounts" CHECK ("cfd_orders"."lots" > 0 and "cfd_orders"."open_lots" >= 0 and "cfd_orders"."open_lots" <= "cfd_orders"."lots" and "cfd_orders"."leverage" >= 1
      and "cfd_orders"."margin" >= 0 and "cfd_orders"."margin_held" >= 0 and "cfd_orders"."fee" >= 0 and "cfd_orders"."realised_den" > 0)
);
--> statement-breakpoint
ALTER TABLE "cfd_fills" ADD CONSTRAINT "cfd_fills_order_id_cfd_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."cfd_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfd_fills_order_idx" ON "cfd_fills" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "cfd_fills_user_idx" ON "cfd_fills" USING btree ("user_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "cfd_fills_time_idx" ON "cfd_fills" USING btree ("mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cfd_orders_order_no_uq" ON "cfd_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cfd_orders_client_uq" ON "cfd_orders" USING btree ("user_id","mode","client_order_id") WHERE "cfd_orders"."client_order_id" is not null;--> statement-breakpoint
CREATE INDEX "cfd_orders_user_idx" ON "cfd_orders" USING btree ("user_id","mode","status","id");--> statement-breakpoint
CREATE INDEX "cfd_orders_live_idx" ON "cfd_orders" USING btree ("status","instrument_id") WHERE "cfd_orders"."status" in ('pending', 'open');