CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bidder_mask" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"extended_to" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nft_bids_amount_ck" CHECK ("nft_bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_charities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"descriptions" jsonb NOT NULL,
	"website" text,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"titles" jsonb NOT NULL,
	"stories" jsonb NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"collection_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"stories" jsonb NOT NULL,
	"image_file_id" text NOT NULL,
	"edition" integer NOT NULL,
	"edition_size" integer NOT NULL,
	"currency" text NOT NULL,
	"start_price" numeric(38, 18) NOT NULL,
	"reserve" numeric(38, 18) NOT NULL,
	"buy_now" numeric(38, 18),
	"bid_step_bps" integer NOT NULL,
	"extend_seconds" integer NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL,
	"original_end_at" timestamp (3) with time zone NOT NULL,
	"charity_id" integer NOT NULL,
	"seller_user_id" bigint,
	"status" text DEFAULT 'live' NOT NULL,
	"leader_user_id" bigint,
	"leader_bid_id" bigint,
	"current_bid" numeric(38, 18),
	"bids" integer DEFAULT 0 NOT NULL,
	"owner_user_id" bigint,
	"sold_price" numeric(38, 18),
	"sold_at" timestamp (3) with time zone,
	"sold_by" text,
	"donation_transfer_id" bigint,
	"settled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nft_items_status_ck" CHECK ("nft_items"."status" in ('live', 'sold', 'unsold', 'withdrawn')),
	CONSTRAINT "nft_items_sold_by_ck" CHECK ("nft_items"."sold_by" is null or "nft_items"."sold_by" in ('auction', 'buy_now')),
	CONSTRAINT "nft_items_prices_ck" CHECK ("nft_items"."start_price" > 0 and "nft_items"."reserve" >= "nft_items"."start_price" and ("nft_items"."buy_now" is null or "nft_items"."buy_now" > "nft_items"."reserve")),
	CONSTRAINT "nft_items_times_ck" CHECK ("nft_items"."end_at" > "nft_items"."start_at" and "nft_items"."original_end_at" > "nft_items"."start_at"),
	CONSTRAINT "nft_items_sold_ck" CHECK (("nft_items"."status" = 'sold') = ("nft_items"."sold_price" is not null and "nft_items"."owner_user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_collection_id_nft_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."nft_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_charity_id_nft_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."nft_charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_leader_user_id_users_id_fk" FOREIGN KEY ("leader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_bids_item" ON "nft_bids" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user" ON "nft_bids" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_public_uq" ON "nft_items" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "nft_items_collection" ON "nft_items" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "nft_items_due" ON "nft_items" USING btree ("status","end_at");--> statement-breakpoint
CREATE INDEX "nft_items_owner" ON "nft_items" USING btree ("owner_user_id");