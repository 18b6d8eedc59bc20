// `npm run bench`: runs every apps/server/bench/*.bench.ts (each exports `run(): Promise<BenchReport>`)
// and prints its figures with the machine they were measured on.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchReport } from './bench-kit.ts';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();

const cpus = os.cpus();
console.log('Machine');
console.log(`  CPU:      ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`);
console.log(
  `  Load:     ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} (1, 5, 15 min) on ${cpus.length} cores`,
);
console.log(`  Memory:   ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`);
console.log(`  Node.js:  ${process.version} on ${os.platform()} ${os.release()}`);
console.log(`  Benches:  ${files.join(', ') || 'none found'}`);

let failed = 0;
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<BenchReport> };
  if (typeof module.run !== 'function') {
    console.error(`\n${file}: exports no run() function`);
    failed += 1;
    continue;
  }
  try {
    const report = await module.run();
    console.log(`\n${report.title} (${file}; database: ${report.database})`);
    const width = Math.max(...report.figures.map((figure) => figure.name.length));
    for (const figure of report.figures) {
      console.log(
        `  ${figure.name.padEnd(width)}  ${String(figure.value).padStart(10)} ${figure.unit}${figure.note ? `  — ${figure.note}` : ''}`,
      );
    }
  } catch (error) {
    console.error(`\n${file} failed:`, error);
    failed += 1;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
