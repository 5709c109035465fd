-- A book's batch number: each batch of its writer moves it from n - 1 to n first (spot.writer.ts), so a
-- batch sent while the one before is in flight waits for that one's COMMIT and fails when it failed.
ALTER TABLE "spot_books" ADD COLUMN "batch" bigint DEFAULT 0 NOT NULL;
