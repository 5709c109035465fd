CREATE TABLE "wallet_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"tx_hash_key" text NOT NULL,
	"last6" text NOT NULL,
	"address" text NOT NULL,
	"proof_file_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "wallet_deposits_status" CHECK ("wallet_deposits"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "wallet_deposits_amount" CHECK ("wallet_deposits"."amount" > 0),
	CONSTRAINT "wallet_deposits_decided" CHECK (("wallet_deposits"."status" = 'pending') = ("wallet_deposits"."decided_at" is null) and ("wallet_deposits"."status" = 'rejected') = ("wallet_deposits"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "wallet_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"address" text,
	"min_deposit" numeric(38, 18) NOT NULL,
	"withdraw_fee_rate" numeric(38, 18) NOT NULL,
	"min_withdraw" numeric(38, 18) NOT NULL,
	"daily_withdraw_limit" numeric(38, 18) NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "wallet_networks_fee_rate" CHECK ("wallet_networks"."withdraw_fee_rate" >= 0 and "wallet_networks"."withdraw_fee_rate" < 1),
	CONSTRAINT "wallet_networks_limits" CHECK ("wallet_networks"."min_deposit" > 0 and "wallet_networks"."min_withdraw" > 0 and "wallet_networks"."daily_withdraw_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_deposits" ADD CONSTRAINT "wallet_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_public_uq" ON "wallet_deposits" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_tx_uq" ON "wallet_deposits" USING btree ("tx_hash_key");--> statement-breakpoint
CREATE INDEX "wallet_deposits_user_idx" ON "wallet_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_deposits_pending_idx" ON "wallet_deposits" USING btree ("id") WHERE "wallet_deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_networks_uq" ON "wallet_networks" USING btree ("currency","network");