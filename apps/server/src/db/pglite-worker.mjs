// PGlite in a worker thread of its own, served as a PostgreSQL server on a Unix socket
// (@electric-sql/pglite-socket). The app reaches it with node-postgres, exactly as it reaches
// PostgreSQL: the queries run here, so the thread answering HTTP is never held by the database.
// Plain JavaScript: a worker thread starts without the TypeScript loader the app runs under.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string, socketPath: string, maxConnections: number }} */
const { dataDir, socketPath, maxConnections } = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;

const close = async () => {
  await server?.stop();
  if (db && !db.closed) await db.close();
};

try {
  db = await PGlite.create(dataDir === 'memory://' ? undefined : `${dataDir}/pglite`);
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort?.postMessage({ type: 'ready' });
} catch (error) {
  await close().catch(() => undefined);
  parentPort?.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}

parentPort?.on('message', (message) => {
  if (message?.type !== 'close') return;
  close().then(
    () => parentPort?.postMessage({ type: 'closed' }),
    (error) => parentPort?.postMessage({ type: 'closed', message: error instanceof Error ? error.message : String(error) }),
  );
});
