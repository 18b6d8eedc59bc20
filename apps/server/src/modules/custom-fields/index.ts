// The custom-fields module as other modules and the app see it; everything else in this folder is private.
// validateCustomFields is what every Save of a budget item, expense or campaign (and a bulk edit) calls.
export { registerCustomFieldRoutes } from './custom-fields.routes.ts';
export { checkCustomFieldValues, listCustomFields, toCustomField, validateCustomFields } from './custom-fields.service.ts';
export { customFieldFilterSql, type ResolvedFieldFilter, resolveFieldFilters } from './custom-field-filters.ts';
