const count = new Intl.NumberFormat('en-US');

/** "1 row", "2,000 rows": a count with its noun, thousands separated. */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${count.format(n)} ${n === 1 ? one : many}`;

/** A count alone, thousands separated. */
export const formatCount = (n: number): string => count.format(n);
