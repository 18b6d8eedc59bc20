// PGlite in a worker thread of its own, served as a PostgreSQL server on a Unix socket
// (@electric-sql/pglite-socket). The app reaches it with node-postgres, exactly as it reaches
// PostgreSQL: the queries run here, so the thread answering HTTP is never held by the database.
// Plain JavaScript: a worker thread starts without the TypeScript loader the app runs under.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGLITE_EXTENSIONS } from './pglite-extensions.mjs';

/** @type {{ dataDir: string, socketPath: string, maxConnections: number, snapshot: string | undefined }} */
const { dataDir, socketPath, maxConnections, snapshot } = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;

const close = async () => {
  await server?.stop();
  if (db && !db.closed) await db.close();
};

try {
  // An in-memory database may start from a snapshot (a tarball of another's data directory): about
  // half a second, where initdb takes several (the test suites load one migrated database per file).
  db = await PGlite.create({
    ...(dataDir === 'memory://' ? (snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}) : { dataDir: `${dataDir}/pglite` }),
    extensions: PGLITE_EXTENSIONS,
  });
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort?.postMessage({ type: 'ready' });
} catch (error) {
  await close().catch(() => undefined);
  parentPort?.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}

/** Writes the data directory as a tarball to `file` (through a temporary name: readers never see half of it). */
const writeSnapshot = async (file) => {
  if (!db) throw new Error('PGlite did not start');
  // A checkpoint first: otherwise every database loaded from the tarball starts by replaying the
  // write-ahead log of everything done to this one (the migrations), which took longer than the load.
  await db.exec('CHECKPOINT');
  const tarball = await db.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, file);
};

parentPort?.on('message', (message) => {
  if (message?.type === 'snapshot') {
    writeSnapshot(message.file).then(
      () => parentPort?.postMessage({ type: 'snapshot-written' }),
      (error) => parentPort?.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  if (message?.type !== 'close') return;
  close().then(
    () => parentPort?.postMessage({ type: 'closed' }),
    (error) => parentPort?.postMessage({ type: 'closed', message: error instanceof Error ? error.message : String(error) }),
  );
});
