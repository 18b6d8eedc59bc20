// `node --import tsx apps/web/build/check-bundle-budget.ts [distDir]`: prints every route's first
// load and exits 1 when one is over its limit (scripts/test-all.mjs runs it after the web build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDrawnLogin, formatReport, measureDrawnLogin, measureRoutes } from './bundle-budget.ts';

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const sizes = measureRoutes(distDir);
console.log(formatReport(sizes));
const over = sizes.filter((size) => size.over);
if (sizes.length === 0) {
  console.error(`No page found in ${distDir}/.vite/manifest.json: was the build made with build.manifest?`);
  process.exitCode = 1;
} else if (over.length > 0) {
  console.error(`${over.length} route(s) over the first-load budget: ${over.map((size) => size.page).join(', ')}`);
  process.exitCode = 1;
}
const login = measureDrawnLogin(readFileSync(path.join(distDir, 'login.html'), 'utf8'));
console.log(formatDrawnLogin(login));
if (login.over) {
  console.error(`/login's page is over its budget${login.scriptFiles.length > 0 ? `: it loads ${login.scriptFiles.join(', ')}` : ''}`);
  process.exitCode = 1;
}
