-- The fingerprint of the master key of the secrets at rest (HMAC of a constant under a subkey, never the key):
-- the first process stores it, a process with another key is refused at start (lib/secret-box.fingerprint.ts).
CREATE TABLE "secret_key_fingerprint" (
	"id" smallint PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "secret_key_fingerprint_single_row" CHECK ("secret_key_fingerprint"."id" = 1)
);
