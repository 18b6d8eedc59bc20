/**
 * The contract's plain values, in a module of their own without zod: the web imports them on
 * pages whose first load should not evaluate the schemas in common.ts (they import full zod).
 */
/** The fixed client identifier of the web client (SPEC.md §3, §7; DESIGN.md §2). */
export const CLIENT_ID = 'plansmith-web';
/** The empty id: on Save it means "create" (SPEC.md §3, DESIGN.md §2). */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
/** Search endpoints return at most this many rows (SPEC.md §9). */
export const SEARCH_LIMIT = 20;
/** Largest amount accepted on the wire: ten billion dollars. */
export const MAX_MONEY = 10_000_000_000;
/**
 * The first and last dates the API accepts (issue 28 A2): wide enough for any plan, narrow enough
 * that date arithmetic (a plan moved by months, an end date copied) never leaves PostgreSQL's range.
 */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2100-12-31';
