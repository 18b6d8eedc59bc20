-- Issue 29 part 2 (a big tenant): text search over expenses without reading them all.
-- ExpenseClient/SearchExpenses looks through every plan of the tenant (name, payee, purchase order
-- ILIKE '%…%', newest 20) and GetExpenses' Query through one plan (description too, with totals
-- over every match): both read each expense of their scope, 4–9 s for the tenant of a million.
--
-- A trigram GIN index (pg_trgm) answers ILIKE '%…%' from the index; btree_gin lets it lead with
-- tenant_id, so one tenant's matches are found without another tenant's (a search in a small
-- tenant skips the big one's rows; in the big one, the rare trigrams skip through its long list).
-- The statements are unchanged: where the extensions cannot be had (a PostgreSQL without its
-- contrib, or a role that may not create them) the index is left out with a notice and the same
-- ILIKE reads the rows as before. PGlite loads both from its contrib (db/pglite-extensions.mjs).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS btree_gin;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm/btree_gin could not be created (%): expense text search reads the rows', SQLERRM;
      RETURN;
    END;
    -- New rows wait in the index's pending list until it is full (or a vacuum): every search reads
    -- that list whole. PGlite runs no autovacuum, so the list is kept short (256 kB, not 4 MB).
    CREATE INDEX expenses_text_trgm_idx ON expenses USING gin (
      tenant_id, name gin_trgm_ops, payee gin_trgm_ops, purchase_order gin_trgm_ops, description gin_trgm_ops)
      WITH (gin_pending_list_limit = 256);
  ELSE
    RAISE NOTICE 'pg_trgm or btree_gin is not available: expense text search reads the rows';
  END IF;
END
$$;

-- The tenant-wide search answers the newest matches first: along this index a frequent word is found
-- in the first few hundred rows (the planner takes it when the trigram index would find too many).
CREATE INDEX expenses_tenant_date_idx ON expenses (tenant_id, purchase_date DESC, id DESC);
