// The categories module as other modules and the app see it; everything else in this folder is private.
export { registerCategoryRoutes } from './categories.routes.ts';
export { createCategoriesService } from './categories.service.ts';
