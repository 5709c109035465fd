-- Each spot book's batch numbers in three slots: a batch locks its slot first, waits for the batch before
-- (its slot) ahead of its bundle and checks that one committed (spot.writer.ts, spot.chain.ts).
CREATE TABLE "spot_book_chain" (
	"pair_id" integer NOT NULL,
	"mode" text NOT NULL,
	"slot" smallint NOT NULL,
	"batch" bigint NOT NULL,
	CONSTRAINT "spot_book_chain_pair_id_mode_slot_pk" PRIMARY KEY("pair_id","mode","slot")
);
--> statement-breakpoint
ALTER TABLE "spot_book_chain" ADD CONSTRAINT "spot_book_chain_pair_id_spot_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."spot_pairs"("id") ON DELETE no action ON UPDATE no action;