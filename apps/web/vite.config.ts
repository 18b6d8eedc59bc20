import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routeChunks } from './build/chunk-groups.ts';
import { directImports } from './build/direct-imports.ts';
import { prerender } from './build/prerender.ts';
import { productionReactRouter } from './build/production-react-router.ts';
import { routeSchemasLeftOut } from './build/route-schemas.ts';

const apiTarget = process.env.PLANSMITH_API ?? 'http://127.0.0.1:3000';

// antd's own packages (@rc-component/*, @ant-design/*) run nothing when imported but do not say so
// (no "sideEffects" in their package.json, unlike antd itself): without this, one import of their
// index keeps all of it (Input alone brought the whole form library and its validator).
const treeshake = {
  moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/]/.test(id) || id.endsWith('.css'),
};
// The chunks by route (build/chunk-groups.ts): a first build with the plugins that shape the module
// graph says which modules each route's first load holds.
const chunks = routeChunks(
  import.meta.dirname,
  () => [productionReactRouter(), routeSchemasLeftOut(), react(), directImports()],
  treeshake,
);

export default defineConfig({
  plugins: [
    productionReactRouter(),
    routeSchemasLeftOut(),
    react(),
    // Only the production bundle's splitting reads it (build/chunk-groups.ts); tests and the dev
    // server keep the imports as written.
    { ...directImports(), apply: 'build' },
    chunks.plugin,
    // Brotli and gzip copies beside every asset (file.js.br, file.js.gz), made once here and served
    // as they are by the server (apps/server/src/plugins/spa.ts, preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.vite\//], logLevel: 'silent' }),
    // Last: /login's HTML with the sign-in page already drawn (build/prerender.ts).
    {
      name: 'plansmith:prerender',
      apply: 'build',
      closeBundle: async () => prerender(import.meta.dirname, path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist')),
    },
  ],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // All of the app's own CSS (~7 KB, antd's is made at run time) in one stylesheet, which the
    // prerender step writes into the HTML (build/prerender.ts withInlineStyles): a page's parts no
    // longer fetch their few hundred bytes each once their script has run, a round trip after it.
    cssCodeSplit: false,
    // Read by build/check-bundle-budget.ts (the first-load budget of issue 13).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake,
      output: {
        // One chunk per set of routes that loads it, instead of one per set of dynamic imports (build/chunk-groups.ts).
        codeSplitting: { groups: [{ name: chunks.name, includeDependenciesRecursively: false }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/user', '/guest', '/dev', '/healthz'].map((prefix) => [prefix, apiTarget])),
  },
});
