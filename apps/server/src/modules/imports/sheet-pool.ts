import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../../lib/http-errors.ts';
import type { AnalysedFile, AnalyseFailure, AnalyseInput } from './analyse-file.ts';
import type { ParseBodyInput, ParsedBody } from './parse-body.ts';

/** How long one file may take to be read and checked, waiting for a free worker included. */
export const IMPORT_TIME_LIMIT_MS = 20_000;

export type SheetPool = {
  /** Reads and checks a file in a worker thread; a problem with the file is a 4xx naming it. */
  analyse: (input: AnalyseInput) => Promise<AnalysedFile>;
  /** Parses and checks an import request's JSON body in a worker thread; the file's bytes come back moved. */
  parseBody: (input: ParseBodyInput) => Promise<ParsedBody>;
  close: () => Promise<void>;
};

/** The worker's file URL. Under Vite (the web tests start the real server in happy-dom) a module's URL is http://…/@fs/<path>. */
const workerFile = (): string => {
  const url = new URL('./sheet-worker.mjs', import.meta.url);
  return url.protocol === 'file:' ? url.href : pathToFileURL(decodeURIComponent(url.pathname.replace(/^\/@fs/, ''))).href;
};

/**
 * The ArrayBuffer to move with a task, when `bytes` fill one of their own. Small Buffers share
 * Node's pool of 8 KB with others; those are copied, never moved (moving would empty the pool).
 */
const movable = (bytes: Uint8Array | null): ArrayBuffer[] =>
  bytes &&
  bytes.byteLength > 0 &&
  bytes.byteOffset === 0 &&
  bytes.buffer instanceof ArrayBuffer &&
  bytes.buffer.byteLength === bytes.byteLength
    ? [bytes.buffer]
    : [];

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} second${ms === 1000 ? '' : 's'}`;

/**
 * Worker threads for import files (issue 29: a 6.8 MB CSV held every request of every tenant for
 * 13.8 s on the request thread). Workers start on the first import and stop after a minute idle;
 * a task over the time limit is stopped (its worker is ended) and answered 413.
 */
export const createSheetPool = (options: { timeLimitMs?: number; maxThreads?: number } = {}): SheetPool => {
  const timeLimitMs = options.timeLimitMs ?? IMPORT_TIME_LIMIT_MS;
  const pool = new Piscina<AnalyseInput | ParseBodyInput, AnalysedFile | AnalyseFailure | ParsedBody>({
    filename: workerFile(),
    minThreads: 0,
    // One core stays for HTTP (and PGlite) on a small machine.
    maxThreads: options.maxThreads ?? Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    maxQueue: 32,
    // A workbook that unpacks to far more than its 10 MB ends its worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  /** Runs one task; the time limit, a worker out of memory and a full queue are 4xx/503 naming `what`. */
  const run = async <R>(task: AnalyseInput | ParseBodyInput, what: string, options: { name?: string; transferList?: ArrayBuffer[] }) => {
    try {
      return (await pool.run(task, { ...options, signal: AbortSignal.timeout(timeLimitMs) })) as R;
    } catch (error) {
      const name = (error as Error).name;
      const code = (error as { code?: string }).code;
      if (name === 'AbortError' || name === 'TimeoutError')
        throw new HttpError(
          413,
          `${what} could not be read within ${seconds(timeLimitMs)}, the limit for one file. Split it into smaller files.`,
        );
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new HttpError(413, `${what} unpacks to more than the import can hold. Split it into smaller files.`);
      if ((error as Error).message?.includes('queue is at limit'))
        throw new HttpError(503, 'Too many imports are being read right now. Try again in a few seconds.', undefined, {
          'Retry-After': '5',
        });
      throw error;
    }
  };
  return {
    analyse: async (input) => {
      // The file's bytes are moved to the worker, not copied (they are not read here again).
      const result = await run<AnalysedFile | AnalyseFailure>(input, `“${input.fileName}”`, { transferList: movable(input.content) });
      if ('failure' in result) throw new HttpError(result.failure.status, result.failure.message, result.failure.fieldErrors);
      return result;
    },
    parseBody: (input) => run<ParsedBody>(input, 'The file', { name: 'parseBody', transferList: movable(input.body) }),
    close: () => pool.close({ force: true }),
  };
};
