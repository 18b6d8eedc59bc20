import { CATEGORY_TYPE_NAMES, type CategoryType } from '@plansmith/contract';
import type { ImportCreate, ImportEdit, ImportReplacement } from '@plansmith/contract/imports';
import { Button, Divider, Flex, Input, Popover, Select, Typography } from 'antd';
import { useState } from 'react';

// Names a row may hold that the plan does not know yet: typed or picked once, they can be replaced in every row.
export type NamedField = 'BudgetItem' | 'Category' | 'GeneralLedgerCode';
export const NAMED_FIELDS: ReadonlySet<string> = new Set<NamedField>(['BudgetItem', 'Category', 'GeneralLedgerCode']);

/**
 * A cell with an error in the preview (issue 28 B6): its value opens a small form to correct it in
 * this row, or, for a budget item, category or GL code, in every row that holds the same text.
 */
export const FixCell = ({
  row,
  field,
  label,
  value,
  message,
  names = [],
  disabled,
  onEdit,
  onReplace,
  onCreate,
  categoryNames = [],
}: {
  row: number;
  field: string;
  label: string;
  value: string;
  message: string;
  /** The existing names the cell can be mapped to (budget items, categories, GL codes): a pick-list. */
  names?: string[];
  disabled: boolean;
  onEdit: (edit: ImportEdit) => void;
  onReplace: (replacement: ImportReplacement) => void;
  /** "Create it": an unknown budget item (under a chosen category) or category (of a chosen type). */
  onCreate?: (create: ImportCreate) => void;
  /** The categories a new budget item can go under. */
  categoryNames?: string[];
}) => {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [categoryType, setCategoryType] = useState<CategoryType>(1);
  const name = value.trim();
  const canCreate = onCreate && name && (field === 'BudgetItem' || field === 'Category');
  const create = () => {
    if (!onCreate) return;
    setOpen(false);
    if (field === 'Category') onCreate({ Field: 'Category', Name: name, CategoryType: categoryType });
    else if (category) onCreate({ Field: 'BudgetItem', Name: name, Category: category });
  };
  const apply = (everyRow: boolean) => {
    setOpen(false);
    if (everyRow) onReplace({ Field: field, From: value, To: text.trim() });
    else onEdit({ Row: row, Field: field, Value: text.trim() });
  };
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 320 }}>
      <Typography.Text type="danger">{message}</Typography.Text>
      {NAMED_FIELDS.has(field) && names.length > 0 ? (
        <Select<string>
          aria-label={`Existing ${label.toLowerCase()} for row ${row}`}
          placeholder={`Choose an existing ${label.toLowerCase()}`}
          showSearch
          value={names.includes(text.trim()) ? text.trim() : undefined}
          options={names.map((name) => ({ value: name, label: name }))}
          onChange={(name) => setText(name)}
          getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
        />
      ) : null}
      <Input
        aria-label={`${label} of row ${row}`}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => apply(false)}
      />
      <Flex gap={8} wrap>
        <Button type="primary" size="small" disabled={disabled} onClick={() => apply(false)}>
          Fix row {row}
        </Button>
        {NAMED_FIELDS.has(field) && value ? (
          <Button size="small" disabled={disabled || !text.trim()} onClick={() => apply(true)}>
            Use in every row with “{value}”
          </Button>
        ) : null}
      </Flex>
      {canCreate ? (
        <>
          <Divider plain style={{ margin: '4px 0' }}>
            or create it
          </Divider>
          {field === 'BudgetItem' ? (
            <Select<string>
              aria-label={`Category for the new budget item “${name}”`}
              placeholder="Category for the new item"
              showSearch
              value={category}
              options={categoryNames.map((option) => ({ value: option, label: option }))}
              onChange={setCategory}
              getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
            />
          ) : (
            <Select<CategoryType>
              aria-label={`Type of the new category “${name}”`}
              value={categoryType}
              options={([1, 2, 3] as const).map((type) => ({ value: type, label: CATEGORY_TYPE_NAMES[type] }))}
              onChange={setCategoryType}
              getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
            />
          )}
          <Button size="small" disabled={disabled || (field === 'BudgetItem' && !category)} onClick={create}>
            {field === 'BudgetItem' ? `Create budget item “${name}”` : `Create category “${name}”`}
          </Button>
        </>
      ) : null}
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setText(value);
      }}
      title={`Fix ${label.toLowerCase()}`}
      content={content}
    >
      <button type="button" className="import-cell-error import-cell-fix" aria-label={`Fix ${label} of row ${row}: ${message}`}>
        {value || '(empty)'}
      </button>
    </Popover>
  );
};
