-- The customer search's trigram index, now on PGlite too: every PGlite loads pg_trgm (createPglite in
-- src/db/client.ts), so the index 0013 created only where the extension could be had is made here on PGlite.
-- A search of 3 or more characters then reads its matches from the index instead of scanning the organisation's
-- customers. Where the extension is missing or may not be created, the search still scans: same answers.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "customer_search_trgm_idx" ON "customer" USING gin ("search_text" gin_trgm_ops);
    EXCEPTION WHEN others THEN
      RAISE NOTICE 'customer search: no trigram index (%)', SQLERRM;
    END;
  END IF;
END $$;
