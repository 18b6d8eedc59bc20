import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { batchLines } from './lib/line-batch.ts';
import { isSandboxMode } from './modules/stripe-sandbox/index.ts';
import { seedDemo } from './seed/index.ts';

/**
 * Standard output for the log, written in chunks of 16 KB (or every second when quieter) instead of
 * one write per line: at `info` every request logs a line, and a write call each cost about a tenth
 * of a small request (issue 13). The lines are copied into chunks before pino's destination sees
 * them (lib/line-batch.ts), and each chunk is one synchronous write, as pino's default destination
 * makes for every line: handing writes to libuv's thread pool cost more than the write itself
 * (about 1 µs a request in the throughput bench). Whatever is pending is written out on exit.
 */
const bufferedStdout = () => {
  const destination = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });
  // In buffer mode SonicBoom writes the bytes it is given; its types still say it takes text only.
  const lines = batchLines({ write: (chunk) => destination.write(chunk as unknown as string) }, 16 * 1024);
  setInterval(lines.flush, 1_000).unref();
  process.on('exit', () => {
    try {
      lines.flush();
    } catch {
      // Nothing more can be done for the log on the way out.
    }
  });
  return lines;
};

/** Process entry: configuration, database, migrations, demo seed, listen, graceful close. */
const main = async (): Promise<void> => {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const sandbox = isSandboxMode(config);
  const applied = await migrate(database, { sandbox });
  if (config.seedDemo) await seedDemo(database, { sandbox });
  const app = await buildApp({ config, database, logStream: bufferedStdout() });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.mailWorker.start();
  app.digestScheduler.start();
  app.closeReminder.start();
  app.budgetRates.start();
  app.auditPrune.start();
  app.webhookDispatcher.start();
  app.log.info(
    {
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL',
      migrationsApplied: applied.length,
      demoSeed: config.seedDemo,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Plansmith is ready on ${config.publicUrl}`,
  );
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Plansmith could not start:', error);
  }
  process.exit(1);
});
