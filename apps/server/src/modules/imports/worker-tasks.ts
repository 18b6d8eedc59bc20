// What the import worker threads run (sheet-worker.mjs loads this one module): reading a request's
// body and reading and checking a file.
export { analyseFile } from './analyse-file.ts';
export { parseImportBody } from './parse-body.ts';
