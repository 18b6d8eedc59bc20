/** Socket errors of a database that cannot be reached (node-postgres passes them through). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** SQLSTATEs of a server that is down, restarting or full: class 08 (connection), 57P01-03 (shutdown), 53300. */
const isUnavailableSqlState = (code: string): boolean => code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300';

/** What the drivers say when the client itself is gone (PGlite closed, pool ended, connection dropped). */
const CLOSED_MESSAGES = [
  'PGlite is closed',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the database cannot be reached right now, rather than that a statement
 * failed. Drizzle wraps the driver's error in `cause`; a refused connection to several addresses is
 * an AggregateError, so the whole chain is searched.
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (CLOSED_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
};
