ALTER TABLE "market_instruments" ADD COLUMN "stops_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Instruments created before the stops level start with their class's (market.catalogue.ts stopsLevelOf).
UPDATE "market_instruments" SET "stops_level" = CASE "asset_class"
  WHEN 'forex' THEN 20
  WHEN 'metal' THEN 50
  WHEN 'future' THEN 10
  WHEN 'crypto' THEN greatest(1, round("initial_price" / "tick_size" / 10000))::integer
  ELSE 4
END;
