// The PostgreSQL extensions PGlite loads (they ship in @electric-sql/pglite's contrib): pg_trgm for
// the trigram index of expense text search, btree_gin so that index can lead with tenant_id
// (migration 1060). Every PGlite the app migrates is opened with these, in the worker and in-process.
// Plain JavaScript: the worker thread imports it without the TypeScript loader.
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };
