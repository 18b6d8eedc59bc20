/**
 * Money (DESIGN.md §2): integer cents inside, decimal US dollars (at most 2 places) on the wire.
 * These are the only conversions; formatting for the screen stays on the web.
 */

/** Dollars on the wire (validated to 2 decimals) to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Cents (the database's bigint may arrive as a string or bigint) to dollars on the wire; null is 0. */
export const toDollars = (cents: number | string | bigint | null | undefined): number => {
  if (cents === null || cents === undefined) return 0;
  return Number(cents) / 100;
};

/** Adds dollar amounts exactly, through integer cents; a missing amount counts as 0. Answers cents. */
export const sumCents = (amounts: readonly (number | null | undefined)[]): number =>
  amounts.reduce<number>((sum, amount) => sum + toCents(amount ?? 0), 0);
