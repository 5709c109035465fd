CREATE TABLE "smart_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_yield" numeric(12, 8) NOT NULL,
	"daily_income" numeric(38, 18) NOT NULL,
	"exit_penalty" numeric(12, 8) NOT NULL,
	"status" text DEFAULT 'earning' NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"income" numeric(38, 18) DEFAULT '0' NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"next_payout_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"exit_cost" numeric(38, 18),
	"returned" numeric(38, 18),
	CONSTRAINT "smart_plans_status_ck" CHECK ("smart_plans"."status" in ('earning', 'shared', 'exited')),
	CONSTRAINT "smart_plans_amounts_ck" CHECK ("smart_plans"."principal" > 0 and "smart_plans"."daily_income" >= 0 and "smart_plans"."income" >= 0 and "smart_plans"."days" >= 1 and "smart_plans"."paid_days" >= 0 and "smart_plans"."paid_days" <= "smart_plans"."days"),
	CONSTRAINT "smart_plans_ended_ck" CHECK (("smart_plans"."status" = 'earning') = ("smart_plans"."ended_at" is null) and ("smart_plans"."status" = 'earning') = ("smart_plans"."next_payout_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "smart_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"terms" jsonb NOT NULL,
	"max_plans" integer NOT NULL,
	"one_per_user" boolean DEFAULT false NOT NULL,
	"exit_penalty" numeric(12, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "smart_products_amounts" CHECK ("smart_products"."min_amount" > 0 and "smart_products"."max_amount" >= "smart_products"."min_amount"),
	CONSTRAINT "smart_products_penalty" CHECK ("smart_products"."exit_penalty" >= 0 and "smart_products"."exit_penalty" < 1),
	CONSTRAINT "smart_products_plans" CHECK ("smart_products"."max_plans" >= 1)
);
--> statement-breakpoint
ALTER TABLE "smart_plans" ADD CONSTRAINT "smart_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_plans" ADD CONSTRAINT "smart_plans_product_id_smart_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."smart_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_plans_public_uq" ON "smart_plans" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "smart_plans_user" ON "smart_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "smart_plans_user_product" ON "smart_plans" USING btree ("user_id","product_id","status");--> statement-breakpoint
CREATE INDEX "smart_plans_due" ON "smart_plans" USING btree ("status","next_payout_at");