CREATE TABLE "kyc_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"sex" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"document_type" text NOT NULL,
	"front_file_id" uuid NOT NULL,
	"back_file_id" uuid,
	"in_hand_file_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" bigint,
	CONSTRAINT "kyc_applications_status_ck" CHECK ("kyc_applications"."status" in ('pending', 'verified', 'failed')),
	CONSTRAINT "kyc_applications_document_ck" CHECK ("kyc_applications"."document_type" in ('id_card', 'passport', 'driver_licence')),
	CONSTRAINT "kyc_applications_back_ck" CHECK ("kyc_applications"."back_file_id" is not null or "kyc_applications"."document_type" = 'passport'),
	CONSTRAINT "kyc_applications_reason_ck" CHECK ("kyc_applications"."status" <> 'failed' or "kyc_applications"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "loan_agreements" (
	"loan_id" bigint PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"term_days" integer[] NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"free_days" integer NOT NULL,
	"max_active" integer NOT NULL,
	"kyc_from" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loan_products_amounts" CHECK ("loan_products"."min_amount" > 0 and "loan_products"."max_amount" >= "loan_products"."min_amount" and "loan_products"."kyc_from" >= 0),
	CONSTRAINT "loan_products_rate" CHECK ("loan_products"."daily_rate" >= 0 and "loan_products"."daily_rate" < 1),
	CONSTRAINT "loan_products_days" CHECK ("loan_products"."free_days" >= 0 and "loan_products"."max_active" >= 1 and cardinality("loan_products"."term_days") >= 1)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"free_days" integer NOT NULL,
	"daily_interest" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signed" boolean NOT NULL,
	"reason" text,
	"applied_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" bigint,
	"drawn_at" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"interest_accrued" numeric(38, 18) DEFAULT '0' NOT NULL,
	"repaid_at" timestamp (3) with time zone,
	"repaid_amount" numeric(38, 18),
	CONSTRAINT "loans_status_ck" CHECK ("loans"."status" in ('pending', 'rejected', 'repaying', 'repaid', 'expired')),
	CONSTRAINT "loans_principal_ck" CHECK ("loans"."principal" > 0 and "loans"."interest_accrued" >= 0 and "loans"."accrued_days" >= 0),
	CONSTRAINT "loans_drawn_ck" CHECK ("loans"."status" in ('pending', 'rejected') or ("loans"."drawn_at" is not null and "loans"."due_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_agreements" ADD CONSTRAINT "loan_agreements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applications_one_pending" ON "kyc_applications" USING btree ("user_id") WHERE "kyc_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_applications_user" ON "kyc_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_applications_status" ON "kyc_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_public_uq" ON "loans" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status" ON "loans" USING btree ("status","id");