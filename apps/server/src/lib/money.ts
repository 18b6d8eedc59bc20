/** Cents from the database (bigint may arrive as string) to dollars on the wire. */
export const toDollars = (cents: number | string | bigint | null | undefined): number => {
  if (cents === null || cents === undefined) return 0;
  return Number(cents) / 100;
};

/** Dollars on the wire (already validated to 2 decimals) to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
