import {
  CUSTOM_FIELD_ENTITY_CODES,
  CUSTOM_FIELD_ENTITY_LABELS,
  CUSTOM_FIELD_TYPE_CODES,
  CUSTOM_FIELDS_PER_ENTITY,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldSaveRequestSchema,
  type CustomFieldType,
  checkCustomFieldValue,
  type FieldError,
  hasOptions,
  isNewId,
} from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { StoredCustomFields } from '../../schema/custom-fields.ts';
import { assertVersion } from '../activities/index.ts';
import * as repo from './custom-fields.repository.ts';

const ENTITY_OF_CODE: Record<1 | 2 | 3, CustomFieldEntity> = { 1: 'BudgetItem', 2: 'Expense', 3: 'Campaign' };
const TYPE_OF_CODE: Record<1 | 2 | 3 | 4 | 5, CustomFieldType> = { 1: 'Text', 2: 'Number', 3: 'Date', 4: 'Select', 5: 'MultiSelect' };

export const toCustomField = (row: repo.CustomFieldRow): CustomField => ({
  Id: row.id,
  Entity: ENTITY_OF_CODE[row.entity],
  Name: row.name,
  Type: TYPE_OF_CODE[row.type],
  Options: row.options,
  Required: row.required,
  Position: row.position,
  Version: row.version,
});

/** The tenant's fields of one entity in their order (forms, columns, imports, exports). */
export const listCustomFields = async (db: Db, tenantId: string, entity: CustomFieldEntity): Promise<CustomField[]> =>
  (await repo.listFields(db, tenantId, CUSTOM_FIELD_ENTITY_CODES[entity])).map(toCustomField);

/**
 * The values a Save stores (DESIGN.md §16): `incoming` (the body's CustomFields) merged over
 * `existing` (the row's stored values; null when the row is being created). Left out on update: the
 * stored values, unchanged. A key sent replaces its value (null, '' or [] clear it); every value is
 * checked against its field and every Required field must end up with a value. Anything wrong
 * answers 400 naming the field ("Region must be one of EMEA, NA, APAC.", "Budget owner is
 * required."), with a field error per field at `CustomFields.<FieldId>`.
 * `fields` skips the read when the caller already holds the entity's fields (an import's rows).
 */
export const validateCustomFields = async (
  tx: Db,
  tenantId: string,
  entity: CustomFieldEntity,
  incoming: Readonly<Record<string, unknown>> | null | undefined,
  existing: Readonly<Record<string, unknown>> | null | undefined,
  fields?: readonly CustomField[],
): Promise<StoredCustomFields> => {
  if ((incoming === undefined || incoming === null) && existing) return { ...(existing as StoredCustomFields) };
  const known = fields ?? (await listCustomFields(tx, tenantId, entity));
  const result = checkCustomFieldValues(known, incoming ?? {}, existing ?? null);
  if (!result.ok) throw badRequest(result.errors[0]?.Message ?? 'CustomFields are not valid.', result.errors);
  return result.values;
};

/** validateCustomFields without the database: the stored values, or the field errors (an import row's). */
export const checkCustomFieldValues = (
  fields: readonly CustomField[],
  incoming: Readonly<Record<string, unknown>>,
  existing: Readonly<Record<string, unknown>> | null,
): { ok: true; values: StoredCustomFields } | { ok: false; errors: FieldError[] } => {
  const byId = new Map(fields.map((field) => [field.Id, field]));
  const errors: FieldError[] = [];
  const values: StoredCustomFields = {};
  // Stored values of fields that still exist are kept (a deleted field's key is gone already).
  for (const [key, value] of Object.entries(existing ?? {})) {
    if (byId.has(key)) values[key] = value as StoredCustomFields[string];
  }
  for (const [key, value] of Object.entries(incoming)) {
    const field = byId.get(key);
    if (!field) {
      errors.push({
        Field: `CustomFields.${key}`,
        Message: `CustomFields names a field that does not exist (${key}). Reload the page to see the current fields.`,
      });
      continue;
    }
    const checked = checkCustomFieldValue({ ...field, Required: false }, value);
    if (!checked.ok) {
      errors.push({ Field: `CustomFields.${key}`, Message: checked.message });
      continue;
    }
    if (checked.value === null) delete values[key];
    else values[key] = checked.value;
  }
  for (const field of fields) {
    if (field.Required && values[field.Id] === undefined && !errors.some((error) => error.Field === `CustomFields.${field.Id}`)) {
      errors.push({ Field: `CustomFields.${field.Id}`, Message: `${field.Name} is required.` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
};

const checkFieldVersion = async (tx: Db, auth: AuthContext, row: repo.CustomFieldRow, read: number): Promise<void> => {
  const current = await repo.lockFieldVersion(tx, auth.tenantId, row.id);
  if (current === null) throw notFound('The custom field');
  let reading: Promise<repo.CustomFieldRow | null> | undefined;
  const now = () => {
    reading ??= repo.findField(tx, auth.tenantId, row.id);
    return reading;
  };
  await assertVersion(tx, auth, {
    entity: 'CustomField',
    id: row.id,
    what: `the custom field “${row.name}”`,
    read,
    current,
    row: async () => {
      const field = await now();
      return field ? toCustomField(field) : null;
    },
    writtenBy: async () => {
      const field = await now();
      return field ? { userId: field.changedBy, at: field.updatedAt } : null;
    },
  });
};

const plural = (count: number, entity: CustomFieldEntity) =>
  `${count} ${count === 1 ? CUSTOM_FIELD_ENTITY_LABELS[entity].one : CUSTOM_FIELD_ENTITY_LABELS[entity].many}`;

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
};

export const createCustomFieldsService = (ctx: AppContext) => ({
  list: async (auth: AuthContext, entity?: CustomFieldEntity): Promise<CustomField[]> =>
    (await repo.listFields(ctx.db, auth.tenantId, entity === undefined ? undefined : CUSTOM_FIELD_ENTITY_CODES[entity])).map(toCustomField),

  save: async (auth: AuthContext, input: z.output<typeof CustomFieldSaveRequestSchema>): Promise<CustomField> => {
    const now = ctx.clock.now();
    const entityCode = CUSTOM_FIELD_ENTITY_CODES[input.Entity];
    const options = hasOptions(input.Type) ? (input.Options ?? []) : [];
    const label = CUSTOM_FIELD_ENTITY_LABELS[input.Entity];
    const sameName = (fields: repo.CustomFieldRow[], id: string | null) =>
      fields.find((field) => field.id !== id && field.name.toLowerCase() === input.Name.toLowerCase());
    const duplicate = (name: string) => conflict(`A ${label.one} field named “${name}” already exists.`);
    try {
      return await ctx.db.transaction(async (tx) => {
        const siblings = await repo.listFields(tx, auth.tenantId, entityCode);
        if (isNewId(input.Id)) {
          if (siblings.length >= CUSTOM_FIELDS_PER_ENTITY) {
            throw badRequest(
              `${label.many[0]?.toUpperCase()}${label.many.slice(1)} can have at most ${CUSTOM_FIELDS_PER_ENTITY} custom fields.`,
            );
          }
          const same = sameName(siblings, null);
          if (same) throw duplicate(same.name);
          const position = input.Position ?? siblings.reduce((last, field) => Math.max(last, field.position + 1), 0);
          const row = await repo.insertField(
            tx,
            auth.tenantId,
            newId(),
            entityCode,
            { name: input.Name, type: CUSTOM_FIELD_TYPE_CODES[input.Type], options, required: input.Required ?? false, position },
            now,
          );
          return toCustomField(row);
        }
        const id = input.Id as string;
        const current = await repo.findField(tx, auth.tenantId, id);
        if (!current) throw notFound('The custom field');
        await checkFieldVersion(tx, auth, current, input.Version ?? 0);
        if (current.entity !== entityCode) {
          throw badRequest(`A field’s Entity cannot change: “${current.name}” belongs to ${CUSTOM_FIELD_LABEL_MANY[current.entity]}.`, [
            { Field: 'Entity', Message: 'A field’s Entity cannot change.' },
          ]);
        }
        const same = sameName(siblings, id);
        if (same) throw duplicate(same.name);
        const typeCode = CUSTOM_FIELD_TYPE_CODES[input.Type];
        if (typeCode !== current.type) {
          const used = await repo.countValues(tx, auth.tenantId, entityCode, id);
          if (used > 0) {
            throw conflict(
              `“${current.name}” has values on ${plural(used, input.Entity)}, so its Type cannot change. Add a new field instead.`,
            );
          }
        } else if (hasOptions(input.Type)) {
          const kept = new Set(options.map((option) => option.toLowerCase()));
          for (const removed of current.options.filter((option) => !kept.has(option.toLowerCase()))) {
            const used = await repo.countValues(tx, auth.tenantId, entityCode, id, removed);
            if (used > 0) {
              throw conflict(
                `The option “${removed}” of “${current.name}” is used by ${plural(used, input.Entity)}: change them first, then remove it.`,
              );
            }
          }
          // An option renamed only in case: the stored values follow on their next save; keep them readable meanwhile.
        }
        const row = await repo.updateField(
          tx,
          auth.tenantId,
          id,
          {
            name: input.Name,
            type: typeCode,
            options,
            required: input.Required ?? current.required,
            position: input.Position ?? current.position,
          },
          now,
        );
        if (!row) throw notFound('The custom field');
        return toCustomField(row);
      });
    } catch (error) {
      // Two people adding the same name at once: the unique index decides.
      if (!(error instanceof HttpError) && isUniqueViolation(error)) throw duplicate(input.Name);
      throw error;
    }
  },

  delete: async (auth: AuthContext, id: string, version: number): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findField(tx, auth.tenantId, id);
      if (!current) throw notFound('The custom field');
      await checkFieldVersion(tx, auth, current, version);
      await repo.removeValues(tx, auth.tenantId, current.entity, id);
      return repo.deleteField(tx, auth.tenantId, id);
    }),
});

const CUSTOM_FIELD_LABEL_MANY: Record<1 | 2 | 3, string> = { 1: 'budget items', 2: 'expenses', 3: 'campaigns' };
