CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"declared_name" text,
	"original_key" text NOT NULL,
	"rendition_key" text,
	"thumbnail_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "files_purpose" CHECK ("files"."purpose" in ('kyc', 'deposit-proof', 'chat', 'nft')),
	CONSTRAINT "files_mime" CHECK ("files"."mime" in ('image/png', 'image/jpeg', 'image/jp2', 'image/j2c')),
	CONSTRAINT "files_size" CHECK ("files"."size_bytes" between 1 and 2097152),
	CONSTRAINT "files_sha256" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id","created_at");