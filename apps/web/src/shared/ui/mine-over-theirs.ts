/**
 * "Save mine over theirs" without a lost update (DESIGN.md §13, issue 30 item 2): a form re-sent
 * whole would put back every field as the person had loaded it, erasing a colleague's change to a
 * field the person never touched. These helpers keep of this person's save only the fields they
 * changed from the row the form was filled with, and take every other field from the row as it is now.
 */

/** Two field values the same as a form sees them: null, undefined and '' all mean empty; lists and objects by content. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
};

/**
 * The fields of `mine` (the body the person tried to save) that they changed from `read` (the row
 * as the form was filled with it). Without a read row every field counts as changed.
 */
export const editsSince = <B extends object, K extends keyof B>(
  keys: readonly K[],
  read: { readonly [P in K]?: unknown } | null | undefined,
  mine: B,
): Partial<Pick<B, K>> =>
  Object.fromEntries(keys.filter((key) => !read || !sameValue(read[key], mine[key])).map((key) => [key, mine[key]])) as Partial<Pick<B, K>>;

/**
 * The body "Save mine over theirs" sends: `mine` with `theirs` (the row as it is now) in every one
 * of `keys`, and on top only the fields this person changed since `read`. A field only the colleague
 * changed keeps their value; a field both changed takes mine (the person chose it in the dialog).
 */
export const mineOverTheirs = <B extends object, K extends keyof B>(
  keys: readonly K[],
  read: { readonly [P in K]?: unknown } | null | undefined,
  mine: B,
  theirs: Pick<B, K>,
): B => ({
  ...mine,
  ...(Object.fromEntries(keys.map((key) => [key, theirs[key]])) as Pick<B, K>),
  ...editsSince(keys, read, mine),
});
