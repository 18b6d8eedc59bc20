import { z } from 'zod';
import { IdSchema, NameSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { CategoryTypeSchema, SortOrderSchema } from './lookups.ts';
import { defineRoutes } from './route.ts';

export const BudgetCategorySchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Active: z.boolean(),
  CategoryType: CategoryTypeSchema.describe('1 productive, 2 operational, 3 personnel'),
  SortOrder: z.number().int(),
  ItemCount: z.number().int().describe('How many budget items use the category (in-use categories cannot be deleted)'),
  Version: RowVersionSchema,
});
export type BudgetCategory = z.infer<typeof BudgetCategorySchema>;

export const BudgetCategorySaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Active: z.boolean().optional().describe('New categories are always active (SPEC.md §5)'),
    CategoryType: CategoryTypeSchema,
    SortOrder: SortOrderSchema.optional(),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);
export type BudgetCategorySaveRequest = z.input<typeof BudgetCategorySaveRequestSchema>;

export const BudgetCategoryDeleteRequestSchema = z.object({ BudgetCategoryId: IdSchema, Version: VersionSchema });

/**
 * The categories as the caller read them, for DeleteAll over POST (DESIGN.md §13): every category
 * of the tenant with its Version. One changed, added or deleted since answers 409 and deletes none.
 */
export const DeleteAllCategoriesRequestSchema = z.object({
  Categories: z
    .array(z.object({ BudgetCategoryId: IdSchema, Version: VersionSchema }))
    .max(10_000, 'Send at most 10,000 categories.')
    .describe('Every category of the tenant as read, with its Version (an empty list when none was shown)'),
});

export const DeleteAllCategoriesResultSchema = z.object({ Deleted: z.number().int() });

export const categoryRoutes = defineRoutes({
  getBudgetCategories: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/GetBudgetCategories',
    access: 'authenticated',
    summary: 'The tenant’s budget categories, by SortOrder then name, with how many budget items use each.',
    body: z.object({}).optional(),
    response: z.array(BudgetCategorySchema),
    tags: ['budget categories'],
  },
  save: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/Save',
    access: 'Account.Lookups',
    summary:
      'Create (empty or missing Id; forced Active) or update one budget category (Owner, Admin); an update carries the Version read (a stale one answers 409).',
    body: BudgetCategorySaveRequestSchema,
    response: BudgetCategorySchema,
    tags: ['budget categories'],
  },
  saveAll: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/SaveAll',
    access: 'Account.Lookups',
    summary:
      'Create or update several categories in one transaction: all are saved or none (Owner, Admin). Each update carries its Version; one stale answers 409 with the current rows that differ, and none is saved.',
    body: z.array(BudgetCategorySaveRequestSchema).min(1, 'Send at least one category.').max(200, 'Send at most 200 categories at once.'),
    response: z.array(BudgetCategorySchema),
    tags: ['budget categories'],
  },
  delete: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/Delete',
    access: 'Account.Lookups',
    summary:
      'Delete a category, with the Version read (a stale one answers 409 with the current row); refused (409, saying how many items use it) while budget items use it.',
    body: BudgetCategoryDeleteRequestSchema,
    response: z.boolean(),
    tags: ['budget categories'],
  },
  deleteAll: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/DeleteAll',
    access: 'Account.Lookups',
    summary:
      'Delete every budget category of the tenant (Owner, Admin). All or nothing: refused (409) while any category is used by budget items. Carries every category as read with its Version: one changed or added since answers 409 with those categories and deletes none (DESIGN.md §13).',
    body: DeleteAllCategoriesRequestSchema,
    response: DeleteAllCategoriesResultSchema,
    tags: ['budget categories'],
  },
  deleteAllByGet: {
    method: 'GET',
    path: '/api/BudgetCategoryClient/DeleteAll',
    access: 'Account.Lookups',
    summary:
      'DeleteAll as GET (DESIGN.md §7.9, for clients of the SPEC): a GET carries no body, so no versions are checked; prefer the POST, which does. Refused (409) while any category is used by budget items.',
    response: DeleteAllCategoriesResultSchema,
    tags: ['budget categories'],
  },
});
