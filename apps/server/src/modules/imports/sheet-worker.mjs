// The worker threads' entry (sheet-pool.ts): plain JavaScript, so that it loads in a worker whether or
// not the parent registered TypeScript (tsx under `npm start`, Vitest's own transform in tests); it
// loads the TypeScript tasks through tsx's API, which registers tsx for that import only.
import { Piscina } from 'piscina';
import { tsImport } from 'tsx/esm/api';

const { analyseFile, parseImportBody } = await tsImport('./worker-tasks.ts', import.meta.url);

export default analyseFile;

/** A request body read here; the file's bytes are moved to the request thread, not copied. */
export const parseBody = (input) => {
  const result = parseImportBody(input);
  if (!result.ok || !result.content || result.content.byteLength === 0) return result;
  return Piscina.move({ [Piscina.transferableSymbol]: [result.content.buffer], [Piscina.valueSymbol]: result });
};
