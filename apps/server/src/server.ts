import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isSandboxMode } from './modules/stripe-sandbox/index.ts';
import { seedDemo } from './seed/index.ts';

/** Process entry: configuration, database, migrations, demo seed, listen, graceful close. */
const main = async (): Promise<void> => {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const sandbox = isSandboxMode(config);
  const applied = await migrate(database, { sandbox });
  if (config.seedDemo) await seedDemo(database, { sandbox });
  const app = await buildApp({ config, database });

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
