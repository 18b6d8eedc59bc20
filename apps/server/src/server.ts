import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isSandboxMode } from './modules/stripe-sandbox/index.ts';
import { seedDemo } from './seed/index.ts';

/**
 * Standard output for the log, written in blocks of 4 KB (or every second when quieter) instead of
 * one write per line: at `info` every request logs a line, and a write call each cost about a tenth
 * of a small request (issue 13). Whatever is pending is written out when the process ends.
 */
const bufferedStdout = () => {
  const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => destination.flush(), 1_000).unref();
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for the log on the way out.
    }
  });
  return destination;
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
