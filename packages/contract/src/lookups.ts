import { z } from 'zod';
import { IdSchema, NameSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** Lookup types (SPEC.md §3): 1 general ledger codes, 2 funnel stages. */
export const LOOKUP_TYPE_GL_CODE = 1 as const;
export const LOOKUP_TYPE_FUNNEL_STAGE = 2 as const;
export const LookupTypeSchema = z.union([z.literal(LOOKUP_TYPE_GL_CODE), z.literal(LOOKUP_TYPE_FUNNEL_STAGE)], {
  error: 'LookupType must be 1 (general ledger code) or 2 (funnel stage).',
});
export type LookupType = z.infer<typeof LookupTypeSchema>;

/** Category types (SPEC.md §3, §9): 1 productive, 2 operational, 3 personnel. */
export const CategoryTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'CategoryType must be 1 (productive), 2 (operational) or 3 (personnel).',
});
export type CategoryType = z.infer<typeof CategoryTypeSchema>;
export const CATEGORY_TYPE_NAMES: Record<CategoryType, string> = { 1: 'Productive', 2: 'Operational', 3: 'Personnel' };

export const SortOrderSchema = z
  .number({ error: 'SortOrder must be a whole number.' })
  .int('SortOrder must be a whole number.')
  .min(0, 'SortOrder cannot be negative.')
  .max(1_000_000, 'SortOrder is too large.');

export const LookupSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Active: z.boolean(),
  SortOrder: z.number().int(),
  LookupType: LookupTypeSchema,
  CategoryType: CategoryTypeSchema.nullable().describe('Optional: the category type a GL code belongs to (2 operational)'),
  Version: RowVersionSchema,
});
export type Lookup = z.infer<typeof LookupSchema>;

export const LookupSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Active: z.boolean().optional().describe('New entries are always active'),
    SortOrder: SortOrderSchema.optional(),
    LookupType: LookupTypeSchema,
    CategoryType: CategoryTypeSchema.nullish(),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);
export type LookupSaveRequest = z.input<typeof LookupSaveRequestSchema>;

export const LookupDeleteRequestSchema = z.object({ LookupInfoId: IdSchema, Version: VersionSchema });

export const lookupRoutes = defineRoutes({
  getLookupInformation: {
    method: 'POST',
    path: '/api/LookupClient/GetLookupInformation',
    access: 'authenticated',
    summary: 'Every GL code (LookupType 1) and funnel stage (LookupType 2) of the tenant, by type and SortOrder.',
    body: z.object({}).optional(),
    response: z.array(LookupSchema),
    tags: ['lookups'],
  },
  save: {
    method: 'POST',
    path: '/api/LookupClient/Save',
    access: 'Account.Lookups',
    summary:
      'Create (empty or missing Id) or update a GL code or funnel stage (Owner, Admin); an update carries the Version read (a stale one answers 409 with the entry as it is now).',
    body: LookupSaveRequestSchema,
    response: LookupSchema,
    tags: ['lookups'],
  },
  delete: {
    method: 'POST',
    path: '/api/LookupClient/Delete',
    access: 'Account.Lookups',
    summary:
      'Delete a GL code or funnel stage, with the Version read (a stale one answers 409); refused (409) while budget items, expenses or objectives use it.',
    body: LookupDeleteRequestSchema,
    response: z.boolean(),
    tags: ['lookups'],
  },
});
