/**
 * A new plan never silently repeats a name in its team (issue 28 B5): CreatePlan answers 400 on
 * Name with a free name to use instead, which the web dialog shows on the field.
 */

/** Names compare as people read them: trimmed, case and inner spacing ignored. */
export const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** A free name close to `name`: "Product launch 2027" (the start year) when free, else "Product launch (2)", "(3)"… */
export const suggestFreeName = (name: string, startDate: string, taken: readonly string[]): string => {
  const isFree = (candidate: string) => !taken.some((existing) => sameName(existing, candidate));
  const base = name.trim();
  const withYear = `${base} ${startDate.slice(0, 4)}`;
  if (!base.endsWith(startDate.slice(0, 4)) && isFree(withYear)) return withYear;
  for (let copy = 2; ; copy += 1) {
    const candidate = `${base} (${copy})`;
    if (isFree(candidate)) return candidate;
  }
};
