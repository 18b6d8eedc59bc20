import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../../lib/http-errors.ts';
import type { AnalysedFile, AnalyseFailure, AnalyseInput } from './analyse-file.ts';

/** How long one file may take to be read and checked, waiting for a free worker included. */
export const IMPORT_TIME_LIMIT_MS = 20_000;

export type SheetPool = {
  /** Reads and checks a file in a worker thread; a problem with the file is a 4xx naming it. */
  analyse: (input: AnalyseInput) => Promise<AnalysedFile>;
  close: () => Promise<void>;
};

/** The worker's file URL. Under Vite (the web tests start the real server in happy-dom) a module's URL is http://…/@fs/<path>. */
const workerFile = (): string => {
  const url = new URL('./sheet-worker.mjs', import.meta.url);
  return url.protocol === 'file:' ? url.href : pathToFileURL(decodeURIComponent(url.pathname.replace(/^\/@fs/, ''))).href;
};

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} second${ms === 1000 ? '' : 's'}`;

/**
 * Worker threads for import files (issue 29: a 6.8 MB CSV held every request of every tenant for
 * 13.8 s on the request thread). Workers start on the first import and stop after a minute idle;
 * a task over the time limit is stopped (its worker is ended) and answered 413.
 */
export const createSheetPool = (options: { timeLimitMs?: number; maxThreads?: number } = {}): SheetPool => {
  const timeLimitMs = options.timeLimitMs ?? IMPORT_TIME_LIMIT_MS;
  const pool = new Piscina<AnalyseInput, AnalysedFile | AnalyseFailure>({
    filename: workerFile(),
    minThreads: 0,
    // One core stays for HTTP (and PGlite) on a small machine.
    maxThreads: options.maxThreads ?? Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    maxQueue: 32,
    // A workbook that unpacks to far more than its 10 MB ends its worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  return {
    analyse: async (input) => {
      let result: AnalysedFile | AnalyseFailure;
      try {
        result = await pool.run(input, { signal: AbortSignal.timeout(timeLimitMs) });
      } catch (error) {
        const name = (error as Error).name;
        const code = (error as { code?: string }).code;
        if (name === 'AbortError' || name === 'TimeoutError')
          throw new HttpError(
            413,
            `“${input.fileName}” could not be read within ${seconds(timeLimitMs)}, the limit for one file. Split it into smaller files.`,
          );
        if (code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw new HttpError(413, `“${input.fileName}” unpacks to more than the import can hold. Split it into smaller files.`);
        if ((error as Error).message?.includes('queue is at limit'))
          throw new HttpError(503, 'Too many imports are being read right now. Try again in a few seconds.', undefined, {
            'Retry-After': '5',
          });
        throw error;
      }
      if ('failure' in result) throw new HttpError(result.failure.status, result.failure.message, result.failure.fieldErrors);
      return result;
    },
    close: () => pool.close({ force: true }),
  };
};
