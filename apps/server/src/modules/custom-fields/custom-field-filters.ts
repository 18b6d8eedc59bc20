// List filters by custom field (issue 33 item 3): GetExpenses and GetBudgetItems take
// `Fields: [{FieldId, Values}]` (the contract's CustomFieldFiltersSchema says what each type matches).
import { CUSTOM_FIELD_ENTITY_CODES, CUSTOM_FIELD_ENTITY_LABELS, type CustomFieldEntity, type CustomFieldFilter } from '@plansmith/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import * as repo from './custom-fields.repository.ts';

/** A filter checked against its field: what customFieldFilterSql needs. */
export type ResolvedFieldFilter = { fieldId: string; type: 1 | 2 | 3 | 4 | 5; values: string[] };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters checked against the tenant's fields: an unknown or another tenant's field answers 404,
 * another entity's field or a value the type cannot take (a Number filter "12a", a Date 2026-13-01)
 * answers 400 naming the field.
 */
export const resolveFieldFilters = async (
  db: Db,
  tenantId: string,
  entity: CustomFieldEntity,
  filters: readonly CustomFieldFilter[] | undefined,
): Promise<ResolvedFieldFilter[]> => {
  if (!filters || filters.length === 0) return [];
  const fields = new Map((await repo.listFields(db, tenantId)).map((row) => [row.id, row]));
  return filters.map((filter) => {
    const field = fields.get(filter.FieldId);
    if (!field) throw notFound('The custom field');
    if (field.entity !== CUSTOM_FIELD_ENTITY_CODES[entity]) {
      throw badRequest(`${field.name} is not a field of ${CUSTOM_FIELD_ENTITY_LABELS[entity].many.toLowerCase()}.`);
    }
    const values = filter.Values;
    if (field.type === 2 || field.type === 3) {
      if (values.length > 2) throw badRequest(`${field.name}: filter by one value or by [From, To].`);
      const valid =
        field.type === 2
          ? (v: string) => Number.isFinite(Number(v))
          : (v: string) =>
              DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
      for (const value of values) {
        if (value !== '' && !valid(value)) {
          throw badRequest(
            field.type === 2 ? `${field.name} must be filtered by numbers.` : `${field.name} must be filtered by dates (YYYY-MM-DD).`,
          );
        }
      }
      if (values.every((value) => value === '')) throw badRequest(`${field.name}: the filter needs a From or a To.`);
    } else if (values.some((value) => value === '')) {
      throw badRequest(`${field.name}: a filter value cannot be empty.`);
    }
    return { fieldId: field.id, type: field.type, values };
  });
};

/** The condition a row's `column` (its custom_fields jsonb) meets for every filter (true when none). */
export const customFieldFilterSql = (column: SQL, filters: readonly ResolvedFieldFilter[]): SQL | undefined => {
  if (filters.length === 0) return undefined;
  const parts = filters.map((filter) => {
    const value = sql`(${column} -> ${filter.fieldId})`;
    const text = sql`(${column} ->> ${filter.fieldId})`;
    const list = sql.join(
      filter.values.map((v) => sql`${v}`),
      sql`, `,
    );
    switch (filter.type) {
      case 4:
        return sql`${text} IN (${list})`;
      case 5:
        return sql`(jsonb_typeof(${value}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(${value}) AS tag(v) WHERE tag.v IN (${list})))`;
      case 1:
        return sql`(${sql.join(
          filter.values.map((v) => sql`${text} ILIKE ${likePattern(v)}`),
          sql` OR `,
        )})`;
      default: {
        const [from, to] = filter.values.length === 1 ? [filter.values[0], filter.values[0]] : filter.values;
        const typed =
          filter.type === 2
            ? sql`(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${text})::numeric END)`
            : sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${text} END)`;
        const cast = (v: string) => (filter.type === 2 ? sql`${v}::numeric` : sql`${v}::text`);
        const conditions = [from ? sql`${typed} >= ${cast(from)}` : undefined, to ? sql`${typed} <= ${cast(to)}` : undefined].filter(
          (c): c is SQL => Boolean(c),
        );
        return sql`(${sql.join(conditions, sql` AND `)})`;
      }
    }
  });
  return sql`(${sql.join(parts, sql` AND `)})`;
};
