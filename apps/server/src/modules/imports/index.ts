// The imports module as other modules and the app see it; everything else in this folder is private.
export { registerImportRoutes } from './imports.routes.ts';
