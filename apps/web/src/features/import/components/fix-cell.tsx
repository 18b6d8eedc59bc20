import type { ImportEdit, ImportReplacement } from '@plansmith/contract/imports';
import { Button, Flex, Input, Popover, Select, Typography } from 'antd';
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
}) => {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
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
