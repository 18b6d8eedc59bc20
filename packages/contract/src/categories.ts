import { z } from 'zod';
import { IdSchema, NameSchema, SaveIdSchema } from './common.ts';
import { CategoryTypeSchema, SortOrderSchema } from './lookups.ts';
import { defineRoutes } from './route.ts';

export const BudgetCategorySchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Active: z.boolean(),
  CategoryType: CategoryTypeSchema.describe('1 productive, 2 operational, 3 personnel'),
  SortOrder: z.number().int(),
  ItemCount: z.number().int().describe('How many budget items use the category (in-use categories cannot be deleted)'),
});
export type BudgetCategory = z.infer<typeof BudgetCategorySchema>;

export const BudgetCategorySaveRequestSchema = z.object({
  Id: SaveIdSchema,
  Name: NameSchema,
  Active: z.boolean().optional().describe('New categories are always active (SPEC.md §5)'),
  CategoryType: CategoryTypeSchema,
  SortOrder: SortOrderSchema.optional(),
});
export type BudgetCategorySaveRequest = z.input<typeof BudgetCategorySaveRequestSchema>;

export const BudgetCategoryDeleteRequestSchema = z.object({ BudgetCategoryId: IdSchema });

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
    summary: 'Create (empty or missing Id; forced Active) or update one budget category (Owner, Admin).',
    body: BudgetCategorySaveRequestSchema,
    response: BudgetCategorySchema,
    tags: ['budget categories'],
  },
  saveAll: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/SaveAll',
    access: 'Account.Lookups',
    summary: 'Create or update several categories in one transaction: all are saved or none (Owner, Admin).',
    body: z.array(BudgetCategorySaveRequestSchema).min(1, 'Send at least one category.').max(200, 'Send at most 200 categories at once.'),
    response: z.array(BudgetCategorySchema),
    tags: ['budget categories'],
  },
  delete: {
    method: 'POST',
    path: '/api/BudgetCategoryClient/Delete',
    access: 'Account.Lookups',
    summary: 'Delete a category; refused (409, saying how many items use it) while budget items use it.',
    body: BudgetCategoryDeleteRequestSchema,
    response: z.boolean(),
    tags: ['budget categories'],
  },
  deleteAll: {
    method: 'GET',
    alsoMethods: ['POST'],
    path: '/api/BudgetCategoryClient/DeleteAll',
    access: 'Account.Lookups',
    summary:
      'Delete every budget category of the tenant (Owner, Admin; GET or POST, DESIGN.md §7.9). All or nothing: refused (409) while any category is used by budget items.',
    response: DeleteAllCategoriesResultSchema,
    tags: ['budget categories'],
  },
});
