import type { Extensions } from '@electric-sql/pglite';

/** pg_trgm and btree_gin from PGlite's contrib (pglite-extensions.mjs). */
export declare const PGLITE_EXTENSIONS: Extensions;
