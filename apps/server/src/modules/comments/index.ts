// The comments module as other modules and the app see it; everything else in this folder is private.
export { registerCommentRoutes } from './comments.routes.ts';
