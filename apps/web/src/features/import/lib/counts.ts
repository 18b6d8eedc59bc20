import { formatCount } from '../../../shared/format/money.ts';

/** "1 row", "2,000 rows": a count with its noun, thousands separated. */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;

// The import screens read counts from here beside countOf; the formatter itself is the shared one.
export { formatCount };
