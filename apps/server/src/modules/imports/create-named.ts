import { EMPTY_ID } from '@plansmith/contract';
import type { ImportCreate, ImportKind } from '@plansmith/contract/imports';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isPolicyGranted } from '../../plugins/permissions.ts';
import { createBudgetService } from '../budget/index.ts';
import { createCategoriesService } from '../categories/index.ts';
import type { AnalyseInput } from './analyse-file.ts';
import { nameKey } from './cell-values.ts';

// "Create it" in the preview's fix form (issue 28 B6): a category or budget item a row names that
// the plan does not have. The preview counts it as there; the commit creates it in its transaction.

type Refs = AnalyseInput['refs'];
type CategoryType = 1 | 2 | 3;

/** Stands in for the id of a category or item the commit will create. */
const pendingId = (field: ImportCreate['Field'], name: string) => `pending:${field}:${nameKey(name)}`;

const CATEGORIES_DENIED = 'Only an Owner or Admin can create budget categories. Choose an existing category, or ask one of them to add it.';

/** The categories and items to create, in order (categories first), leaving out names that already exist. */
const plan = (refs: Pick<Refs, 'items' | 'categories'>, creates: ImportCreate[]) => {
  const categories = new Map(refs.categories.map((row) => [nameKey(row.name), { id: row.id, categoryType: row.categoryType }]));
  const items = new Set(refs.items.map((row) => nameKey(row.name)));
  const newCategories: { name: string; categoryType: CategoryType }[] = [];
  for (const create of creates) {
    if (create.Field !== 'Category' || categories.has(nameKey(create.Name))) continue;
    categories.set(nameKey(create.Name), { id: pendingId('Category', create.Name), categoryType: create.CategoryType });
    newCategories.push({ name: create.Name, categoryType: create.CategoryType });
  }
  const newItems: { name: string; categoryKey: string; categoryName: string }[] = [];
  for (const create of creates) {
    if (create.Field !== 'BudgetItem' || items.has(nameKey(create.Name))) continue;
    if (!categories.has(nameKey(create.Category))) {
      throw fieldError(
        'Creates',
        `“${create.Name}” cannot be created under “${create.Category}”: there is no budget category of that name.`,
      );
    }
    items.add(nameKey(create.Name));
    newItems.push({ name: create.Name, categoryKey: nameKey(create.Category), categoryName: create.Category });
  }
  return { categories, newCategories, newItems };
};

/** What an import of this kind may create: budget items only for expenses (an items file's rows are the items). */
export const createsFor = (kind: ImportKind, creates: ImportCreate[] | undefined): ImportCreate[] =>
  (creates ?? []).filter((create) => kind === 'Expenses' || create.Field === 'Category');

/** The references with what Creates names added (pending ids): rows naming them pass the preview's checks. */
export const withCreates = (refs: Refs, creates: ImportCreate[] | undefined): Refs => {
  if (!creates?.length) return refs;
  const { categories, newCategories, newItems } = plan(refs, creates);
  return {
    ...refs,
    categories: [
      ...refs.categories,
      ...newCategories.map((row) => ({ id: pendingId('Category', row.name), name: row.name, categoryType: row.categoryType })),
    ],
    items: [
      ...refs.items,
      ...newItems.map((row) => {
        const category = categories.get(row.categoryKey) as { id: string; categoryType: CategoryType };
        return {
          id: pendingId('BudgetItem', row.name),
          name: row.name,
          categoryType: category.categoryType,
          budgetCategoryId: category.id,
        };
      }),
    ],
  };
};

/**
 * Creates what Creates names through the categories and budget services, inside the commit's
 * transaction (their own transactions become savepoints of it): the import writes all or nothing.
 * A category needs Account.Lookups (Owner or Admin), as on the Lookups page.
 */
export const createNamed = async (
  ctx: AppContext,
  tx: Db,
  auth: AuthContext,
  planId: string,
  refs: Pick<Refs, 'items' | 'categories'>,
  creates: ImportCreate[] | undefined,
): Promise<void> => {
  if (!creates?.length) return;
  const { categories, newCategories, newItems } = plan(refs, creates);
  const inTx = { ...ctx, db: tx };
  if (newCategories.length > 0 && !isPolicyGranted('Account.Lookups', auth.role, auth.planCode)) throw forbidden(CATEGORIES_DENIED);
  const categoryService = createCategoriesService(inTx);
  for (const row of newCategories) {
    const created = await categoryService.save(auth, { Id: EMPTY_ID, Name: row.name, CategoryType: row.categoryType });
    categories.set(nameKey(row.name), { id: created.Id, categoryType: row.categoryType });
  }
  const budgetService = createBudgetService(inTx);
  for (const row of newItems) {
    const category = categories.get(row.categoryKey) as { id: string; categoryType: CategoryType };
    await budgetService.save(auth, {
      Id: EMPTY_ID,
      Name: row.name,
      Amount: 0,
      // An operational or personnel category's item is operational, as the budget form suggests.
      ItemType: category.categoryType === 1 ? 1 : 2,
      BudgetCategoryId: category.id,
      MarketingPlanId: planId,
    });
  }
};
