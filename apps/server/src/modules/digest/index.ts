// The weekly digest module as the app sees it; everything else in this folder is private.
export { registerDigest } from './digest.plugin.ts';
export { registerDigestRoutes } from './digest.routes.ts';
