/**
 * Runs work for the same key one after another inside this process (e.g. one finalize per
 * sign-up at a time); different keys run side by side. Across processes the database's unique
 * keys and the payment provider's idempotency keys are the guard.
 */
export const createKeyedLock = () => {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    tails.set(key, current);
    try {
      return await current;
    } finally {
      if (tails.get(key) === current) tails.delete(key);
    }
  };
};
