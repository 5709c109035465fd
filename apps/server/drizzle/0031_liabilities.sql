CREATE TABLE "liabilities_leaves" (
	"snapshot_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"nonce" text NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "liabilities_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "liabilities_nodes" (
	"snapshot_id" integer NOT NULL,
	"level" integer NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "liabilities_nodes_snapshot_id_level_idx_pk" PRIMARY KEY("snapshot_id","level","idx")
);
--> statement-breakpoint
CREATE TABLE "liabilities_reserves" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"holder" text NOT NULL,
	"attested_on" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "liabilities_reserves_amount" CHECK ("liabilities_reserves"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "liabilities_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"currencies" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "liabilities_snapshots_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "liabilities_leaves" ADD CONSTRAINT "liabilities_leaves_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_nodes" ADD CONSTRAINT "liabilities_nodes_snapshot_id_liabilities_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liabilities_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liabilities_reserves" ADD CONSTRAINT "liabilities_reserves_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liabilities_reserves_currency_idx" ON "liabilities_reserves" USING btree ("currency");