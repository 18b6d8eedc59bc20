// The worker threads' entry (sheet-pool.ts): plain JavaScript, so that it loads in a worker whether or
// not the parent registered TypeScript (tsx under `npm start`, Vitest's own transform in tests); it
// loads the TypeScript task through tsx's API, which registers tsx for that import only.
import { tsImport } from 'tsx/esm/api';

const { analyseFile } = await tsImport('./analyse-file.ts', import.meta.url);

export default analyseFile;
