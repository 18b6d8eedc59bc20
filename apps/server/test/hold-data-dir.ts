// A separate process that opens a PGlite data directory, migrates it and holds it until killed
// (the data-directory lock tests spawn it and kill it with SIGKILL, like a crash).
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <data dir>');
const database = await openDatabase({ dataDir });
await migrate(database, { sandbox: false });
process.stdout.write('holding\n');
setInterval(() => undefined, 60_000);
