import { z } from 'zod';
import { IdSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Custom fields (DESIGN.md §16, issue 33): a tenant's own dimensions on budget items, expenses and
 * campaigns. Values travel as `CustomFields: {"<FieldId>": value}` in every read and Save body of the
 * three entities; the server validates them (type, option, required) and answers 400 naming the field.
 */

/** At most this many fields per entity (a tenant's budget items, expenses, campaigns each). */
export const CUSTOM_FIELDS_PER_ENTITY = 25;
export const CUSTOM_FIELD_MAX_OPTIONS = 100;
export const CUSTOM_FIELD_NAME_MAX = 100;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_TEXT_MAX = 500;
/** The largest magnitude of a Number value (it is not money: any decimals, but finite and bounded). */
export const CUSTOM_FIELD_NUMBER_MAX = 1_000_000_000_000;

export const CUSTOM_FIELD_ENTITIES = ['BudgetItem', 'Expense', 'Campaign'] as const;
export const CustomFieldEntitySchema = z.enum(CUSTOM_FIELD_ENTITIES, {
  error: 'Entity must be BudgetItem, Expense or Campaign.',
});
export type CustomFieldEntity = z.infer<typeof CustomFieldEntitySchema>;
/** Stored as smallint: 1 BudgetItem, 2 Expense, 3 Campaign. */
export const CUSTOM_FIELD_ENTITY_CODES: Record<CustomFieldEntity, 1 | 2 | 3> = { BudgetItem: 1, Expense: 2, Campaign: 3 };
export const CUSTOM_FIELD_ENTITY_LABELS: Record<CustomFieldEntity, { one: string; many: string }> = {
  BudgetItem: { one: 'budget item', many: 'budget items' },
  Expense: { one: 'expense', many: 'expenses' },
  Campaign: { one: 'campaign', many: 'campaigns' },
};

export const CUSTOM_FIELD_TYPES = ['Text', 'Number', 'Date', 'Select', 'MultiSelect'] as const;
export const CustomFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, {
  error: 'Type must be Text, Number, Date, Select or MultiSelect.',
});
export type CustomFieldType = z.infer<typeof CustomFieldTypeSchema>;
/** Stored as smallint: 1 Text, 2 Number, 3 Date, 4 Select, 5 MultiSelect. */
export const CUSTOM_FIELD_TYPE_CODES: Record<CustomFieldType, 1 | 2 | 3 | 4 | 5> = {
  Text: 1,
  Number: 2,
  Date: 3,
  Select: 4,
  MultiSelect: 5,
};
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  Text: 'Text',
  Number: 'Number',
  Date: 'Date',
  Select: 'Select (one option)',
  MultiSelect: 'Tags (several options)',
};
export const hasOptions = (type: CustomFieldType): boolean => type === 'Select' || type === 'MultiSelect';

/** One stored value: Text a string, Number a JSON number, Date 'YYYY-MM-DD', Select one option, MultiSelect options in the field's order. */
export const CustomFieldValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** Values as every read returns them: a field with no value has no key. */
export const CustomFieldValuesSchema = z
  .record(z.string(), CustomFieldValueSchema)
  .describe('{"<FieldId>": value}: Text string, Number number, Date YYYY-MM-DD, Select option, MultiSelect [options]; no key = empty');
export type CustomFieldValues = z.infer<typeof CustomFieldValuesSchema>;

/**
 * Values in a Save body. The keys sent replace their values (null, '' or [] clear one); keys left out
 * keep theirs; leaving CustomFields out keeps them all (a new row starts with none). Checked on the
 * server against the tenant's fields: an unknown field, a wrong type, an option not in the list or a
 * Required field left empty answers 400 naming the field.
 */
export const CustomFieldValuesInputSchema = z
  .record(z.string(), CustomFieldValueSchema.nullable())
  .describe(
    'Optional. {"<FieldId>": value}; a key sent replaces its value (null, "" or [] clear it), keys left out keep theirs; Required fields must end up with a value',
  );
export type CustomFieldValuesInput = z.infer<typeof CustomFieldValuesInputSchema>;

/** At most this many custom field filters in one list request. */
export const CUSTOM_FIELD_FILTERS_MAX = 10;

/**
 * One list filter by a custom field of the listed entity (GetExpenses: an Expense field;
 * GetBudgetItems: a BudgetItem field). Select: the value is one of Values; MultiSelect: the row has
 * any of Values among its tags; Text: the value contains any of Values, ignoring case; Number and
 * Date: Values is [From, To] inclusive (numbers as text, dates YYYY-MM-DD), an end '' is open, one
 * value means equal to it. A row without a value never matches. Empty Values answers 400 (send no
 * filter instead); another tenant's or an unknown field answers 404; another entity's field 400.
 */
export const CustomFieldFilterSchema = z.object({
  FieldId: IdSchema,
  Values: z
    .array(z.string().trim().max(CUSTOM_FIELD_OPTION_MAX, `A filter value can be at most ${CUSTOM_FIELD_OPTION_MAX} characters.`))
    .min(1, 'A custom field filter needs at least one value.')
    .max(CUSTOM_FIELD_MAX_OPTIONS),
});
export type CustomFieldFilter = z.infer<typeof CustomFieldFilterSchema>;
export const CustomFieldFiltersSchema = z
  .array(CustomFieldFilterSchema)
  .max(CUSTOM_FIELD_FILTERS_MAX, `At most ${CUSTOM_FIELD_FILTERS_MAX} custom field filters.`)
  .describe(
    'Optional. [{FieldId, Values}], all must match: Select one of Values; MultiSelect any of Values; Text contains any of Values (ignoring case); Number/Date [From, To] inclusive ("" = open end; one value = equal). Empty Values = 400; unknown or another tenant\'s field = 404',
  );

export const CustomFieldSchema = z.object({
  Id: IdSchema,
  Entity: CustomFieldEntitySchema,
  Name: z.string(),
  Type: CustomFieldTypeSchema,
  Options: z.array(z.string()).describe('Select and MultiSelect: the choices in their order; empty for the other types'),
  Required: z.boolean(),
  Position: z.number().int().describe('Order among the entity’s fields (forms, columns)'),
  Version: RowVersionSchema,
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

const OptionSchema = z
  .string({ error: 'Each option must be text.' })
  .trim()
  .min(1, 'An option cannot be empty.')
  .max(CUSTOM_FIELD_OPTION_MAX, `An option can be at most ${CUSTOM_FIELD_OPTION_MAX} characters.`)
  .refine((option) => !option.includes(','), 'An option cannot contain a comma (imports list several options separated by commas).');

export const CustomFieldSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Entity: CustomFieldEntitySchema.describe('Cannot change once the field exists'),
    Name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(CUSTOM_FIELD_NAME_MAX, `Name can be at most ${CUSTOM_FIELD_NAME_MAX} characters.`)
      .describe('Unique among the entity’s fields (ignoring case)'),
    Type: CustomFieldTypeSchema.describe('Cannot change while rows have a value for the field'),
    Options: z
      .array(OptionSchema)
      .max(CUSTOM_FIELD_MAX_OPTIONS, `A field can have at most ${CUSTOM_FIELD_MAX_OPTIONS} options.`)
      .optional()
      .describe('Select and MultiSelect: at least one, no duplicates (ignoring case); an option rows use cannot be removed'),
    Required: z.boolean().optional().describe('Default false'),
    Position: z.number().int().min(0).max(10_000).optional().describe('Default: after the entity’s last field'),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate)
  .superRefine((value, context) => {
    const options = value.Options ?? [];
    if (hasOptions(value.Type)) {
      if (options.length === 0)
        context.addIssue({ code: 'custom', message: `A ${value.Type} field needs at least one option.`, path: ['Options'] });
      const seen = new Set<string>();
      for (const option of options) {
        const key = option.toLowerCase();
        if (seen.has(key)) context.addIssue({ code: 'custom', message: `The option “${option}” is listed twice.`, path: ['Options'] });
        seen.add(key);
      }
    } else if (options.length > 0) {
      context.addIssue({ code: 'custom', message: `A ${value.Type} field has no options.`, path: ['Options'] });
    }
  });
export type CustomFieldSaveRequest = z.input<typeof CustomFieldSaveRequestSchema>;

export const CustomFieldListRequestSchema = z
  .object({ Entity: CustomFieldEntitySchema.optional().describe('Only this entity’s fields; every field when left out') })
  .optional();
export const CustomFieldDeleteRequestSchema = z.object({ Id: IdSchema, Version: VersionSchema });

export const customFieldRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/CustomFieldClient/List',
    access: 'authenticated',
    summary: 'The tenant’s custom fields (of one Entity, or all), by Entity and Position.',
    body: CustomFieldListRequestSchema,
    response: z.array(CustomFieldSchema),
    tags: ['custom-fields'],
  },
  save: {
    method: 'POST',
    path: '/api/CustomFieldClient/Save',
    access: 'Account.Settings',
    summary:
      'Create (empty or missing Id) or update a custom field (Owner, Admin); at most 25 per entity; an update carries the Version read (a stale one answers 409).',
    body: CustomFieldSaveRequestSchema,
    response: CustomFieldSchema,
    tags: ['custom-fields'],
  },
  delete: {
    method: 'POST',
    path: '/api/CustomFieldClient/Delete',
    access: 'Account.Settings',
    summary: 'Delete a custom field (Owner, Admin) with the Version read; its value is removed from every row in the same transaction.',
    body: CustomFieldDeleteRequestSchema,
    response: z.boolean(),
    tags: ['custom-fields'],
  },
});

// ---------------------------------------------------------------------------------------------
// The value rules, shared by the server (validateCustomFields), the forms and the imports.

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDate = (text: string): boolean => {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last && year >= 1900 && year <= 2999;
};

/** The field as the value rules need it. */
export type CustomFieldRule = Pick<CustomField, 'Name' | 'Type' | 'Options' | 'Required'>;

/** Whether a value counts as empty (no key is stored for it). */
export const isEmptyCustomFieldValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export type CheckedValue = { ok: true; value: CustomFieldValue | null } | { ok: false; message: string };

/**
 * One value checked against its field: the value to store (null = empty, no key), or the message
 * naming the field. Required is checked here too (an empty value of a Required field is refused).
 */
export const checkCustomFieldValue = (field: CustomFieldRule, value: unknown): CheckedValue => {
  if (isEmptyCustomFieldValue(value)) {
    return field.Required ? { ok: false, message: `${field.Name} is required.` } : { ok: true, value: null };
  }
  switch (field.Type) {
    case 'Text': {
      if (typeof value !== 'string') return { ok: false, message: `${field.Name} must be text.` };
      const text = value.trim();
      if (text.length > CUSTOM_FIELD_TEXT_MAX)
        return { ok: false, message: `${field.Name} can be at most ${CUSTOM_FIELD_TEXT_MAX} characters.` };
      return { ok: true, value: text };
    }
    case 'Number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: `${field.Name} must be a number.` };
      if (Math.abs(value) > CUSTOM_FIELD_NUMBER_MAX) return { ok: false, message: `${field.Name} is too large.` };
      return { ok: true, value };
    }
    case 'Date': {
      if (typeof value !== 'string' || !isRealDate(value.trim()))
        return { ok: false, message: `${field.Name} must be a real date in the form YYYY-MM-DD.` };
      return { ok: true, value: value.trim() };
    }
    case 'Select': {
      if (typeof value !== 'string') return { ok: false, message: `${field.Name} must be one of ${field.Options.join(', ')}.` };
      const option = field.Options.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase());
      if (option === undefined) return { ok: false, message: `${field.Name} must be one of ${field.Options.join(', ')}.` };
      return { ok: true, value: option };
    }
    case 'MultiSelect': {
      if (!Array.isArray(value)) return { ok: false, message: `${field.Name} must be a list of options from ${field.Options.join(', ')}.` };
      const chosen = new Set<string>();
      for (const item of value) {
        if (typeof item !== 'string')
          return { ok: false, message: `${field.Name} must be a list of options from ${field.Options.join(', ')}.` };
        const option = field.Options.find((candidate) => candidate.toLowerCase() === item.trim().toLowerCase());
        if (option === undefined) return { ok: false, message: `${field.Name}: “${item}” is not one of ${field.Options.join(', ')}.` };
        if (chosen.has(option)) return { ok: false, message: `${field.Name} lists “${option}” twice.` };
        chosen.add(option);
      }
      return { ok: true, value: field.Options.filter((option) => chosen.has(option)) };
    }
  }
};

/**
 * A value typed as text (an import cell, a filter box) turned into the field's value: Number from a
 * decimal ("1,250.5" is fine, "12a" is not), MultiSelect from options separated by commas. The result
 * still goes through checkCustomFieldValue.
 */
export const parseCustomFieldText = (field: CustomFieldRule, text: string): CheckedValue => {
  const trimmed = text.trim();
  if (trimmed === '') return checkCustomFieldValue(field, null);
  switch (field.Type) {
    case 'Number': {
      const plain = trimmed.replace(/,(?=\d{3}(\D|$))/g, '');
      if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(plain)) return { ok: false, message: `${field.Name} must be a number.` };
      return checkCustomFieldValue(field, Number(plain));
    }
    case 'MultiSelect':
      return checkCustomFieldValue(
        field,
        trimmed
          .split(/[,;]/)
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      );
    default:
      return checkCustomFieldValue(field, trimmed);
  }
};

/** A stored value as text (a table cell, an export column): MultiSelect options joined with ", ". */
export const customFieldText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};
