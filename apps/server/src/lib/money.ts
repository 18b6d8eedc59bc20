// The one money helper lives in the contract, shared with the web; this keeps the server's imports short.
export { toCents, toDollars } from '@plansmith/contract';

/** Money not yet spent, committed or planned (DESIGN.md §12), in cents; negative when over-planned. */
export const leftToPlanCents = (line: { budget: number; planned: number; committed: number; actual: number }): number =>
  line.budget - line.planned - line.committed - line.actual;
