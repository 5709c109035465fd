CREATE TABLE "support_canned" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"visitor_name" text,
	"visitor_email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_admin_id" integer,
	"assigned_admin_name" text,
	"unread_by_user" integer DEFAULT 0 NOT NULL,
	"unread_by_agent" integer DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp (3) with time zone,
	"awaiting_since" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "support_conversations_status_ck" CHECK ("support_conversations"."status" in ('open', 'closed')),
	CONSTRAINT "support_conversations_who_ck" CHECK (("support_conversations"."user_id" is not null) or ("support_conversations"."visitor_name" is not null and "support_conversations"."visitor_email" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"agent_id" integer,
	"agent_name" text,
	"text" text NOT NULL,
	"file_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"read_at" timestamp (3) with time zone,
	"mailed_at" timestamp (3) with time zone,
	CONSTRAINT "support_messages_sender_ck" CHECK ("support_messages"."sender" in ('user', 'agent', 'system')),
	CONSTRAINT "support_messages_text_ck" CHECK (char_length("support_messages"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "support_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"agent_id" integer NOT NULL,
	"agent_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"agent_id" integer NOT NULL,
	"asked_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone NOT NULL,
	"wait_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_notes" ADD CONSTRAINT "support_notes_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_responses" ADD CONSTRAINT "support_responses_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user_uq" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "support_conversations_activity_idx" ON "support_conversations" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "support_messages_unmailed_idx" ON "support_messages" USING btree ("created_at") WHERE "support_messages"."sender" = 'agent' and "support_messages"."read_at" is null and "support_messages"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "support_notes_conversation_idx" ON "support_notes" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "support_responses_answered_idx" ON "support_responses" USING btree ("answered_at");