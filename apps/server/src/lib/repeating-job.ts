/**
 * Background work done in rounds — the mail worker's drain, the digest's tick: rounds never overlap
 * inside one process (asking for one during another waits for it), and start() repeats them every
 * intervalMs until stop(), which waits for a round in progress so the database can close cleanly.
 */
export const repeatingJob = <T>(round: () => Promise<T>, onError: (error: unknown) => void) => {
  let running: Promise<T> | null = null;
  const run = async (): Promise<T> => {
    while (running) await running.catch(() => undefined);
    running = round().finally(() => {
      running = null;
    });
    return running;
  };

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  const schedule = (intervalMs: number) => {
    timer = setTimeout(() => {
      void run()
        .catch(onError)
        .finally(() => {
          if (!stopped) schedule(intervalMs);
        });
    }, intervalMs);
    timer.unref();
  };

  return {
    run,
    start: (intervalMs: number) => {
      if (!stopped) return;
      stopped = false;
      schedule(intervalMs);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    /** Whether start() has been called and stop() not since. */
    get isRunning() {
      return !stopped;
    },
  };
};
