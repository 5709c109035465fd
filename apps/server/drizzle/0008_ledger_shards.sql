DROP INDEX "ledger_accounts_platform_uq";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_shard_uq" ON "ledger_accounts" USING btree ("mode","currency","kind","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_shard" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."shard" = 0);