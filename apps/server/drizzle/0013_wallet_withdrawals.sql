CREATE TABLE "wallet_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text,
	"bank_holder" text,
	"bank_account" text,
	"bank_type" text,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"hold_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"payout_ref" text,
	"decided_by" bigint,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "wallet_withdrawals_status" CHECK ("wallet_withdrawals"."status" in ('pending', 'success', 'rejected')),
	CONSTRAINT "wallet_withdrawals_method" CHECK ("wallet_withdrawals"."method" in ('crypto', 'bank')),
	CONSTRAINT "wallet_withdrawals_amounts" CHECK ("wallet_withdrawals"."amount" > 0 and "wallet_withdrawals"."fee" >= 0),
	CONSTRAINT "wallet_withdrawals_target" CHECK (("wallet_withdrawals"."method" = 'crypto') = ("wallet_withdrawals"."address" is not null) and ("wallet_withdrawals"."method" = 'bank') = ("wallet_withdrawals"."bank_account" is not null)),
	CONSTRAINT "wallet_withdrawals_decided" CHECK (("wallet_withdrawals"."status" = 'pending') = ("wallet_withdrawals"."decided_at" is null) and ("wallet_withdrawals"."status" = 'rejected') = ("wallet_withdrawals"."reason" is not null) and ("wallet_withdrawals"."status" = 'success') = ("wallet_withdrawals"."payout_ref" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_public_uq" ON "wallet_withdrawals" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_hold_uq" ON "wallet_withdrawals" USING btree ("hold_key");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_pending_idx" ON "wallet_withdrawals" USING btree ("id") WHERE "wallet_withdrawals"."status" = 'pending';