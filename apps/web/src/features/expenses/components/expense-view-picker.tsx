import { DeleteOutlined, SaveOutlined, TableOutlined } from '@ant-design/icons';
import { type CustomField, EXPENSE_COLUMN_LABELS, EXPENSE_COLUMNS, type ExpenseView, type ExpenseViewFilters } from '@plansmith/contract';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Popover, Radio, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { staleWriteOf } from '../../../shared/ui/merge-dialog.tsx';
import { useDeleteExpenseView, useExpenseViews, useSaveExpenseView } from '../api/expense-view-queries.ts';

export type ViewState = { filters: ExpenseViewFilters; columns: string[] };

/** The table's columns someone may show or hide, in the table's order. */
const builtInColumns = (showItem: boolean) => EXPENSE_COLUMNS.filter((key) => showItem || key !== 'BudgetItemName');
const choosableColumns = (showItem: boolean, fields: readonly CustomField[]) => [
  ...builtInColumns(showItem).map((key) => ({ key: key as string, label: EXPENSE_COLUMN_LABELS[key] })),
  ...fields.map((field) => ({ key: `Field:${field.Id}`, label: field.Name })),
];

/** Show or hide the table's columns (a saved view remembers them). Checkboxes: reachable by Tab, toggled by Space. */
const ColumnChooser = ({
  columns,
  showItem,
  fields,
  onChange,
}: {
  columns: string[];
  showItem: boolean;
  fields: readonly CustomField[];
  onChange: (columns: string[]) => void;
}) => (
  <Popover
    trigger="click"
    placement="bottomLeft"
    title="Columns"
    content={
      <Checkbox.Group
        aria-label="Visible columns"
        value={columns}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        options={choosableColumns(showItem, fields).map(({ key, label }) => ({
          value: key,
          label,
          // The expense's name links to it: it always shows.
          disabled: key === 'Name',
        }))}
        // Kept in the table's order: the built-in columns, then the custom fields'.
        onChange={(next) => {
          const chosen = new Set(next.map(String));
          onChange(choosableColumns(showItem, fields).flatMap(({ key }) => (chosen.has(key) ? [key] : [])));
        }}
      />
    }
  >
    <Button icon={<TableOutlined />}>Columns</Button>
  </Popover>
);

/**
 * Saved views of /expenses (DESIGN.md §16): the person's own (nobody else sees them) filters, sort
 * and visible columns. Open one, save the current ones as a new view or over the open one, delete it.
 */
export const ExpenseViewPicker = ({
  current,
  openView,
  showItem,
  fields,
  onOpen,
  onColumnsChange,
}: {
  current: ViewState;
  openView: ExpenseView | null;
  showItem: boolean;
  /** The tenant's expense custom fields, each a column that can be shown. */
  fields: readonly CustomField[];
  onOpen: (view: ExpenseView | null) => void;
  onColumnsChange: (columns: string[]) => void;
}) => {
  const { message } = App.useApp();
  const views = useExpenseViews();
  const save = useSaveExpenseView();
  const remove = useDeleteExpenseView();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'update' | 'new'>('new');
  const [problem, setProblem] = useState<{ text: string; theirs: ExpenseView | null } | null>(null);

  const startSaving = () => {
    setName(openView?.Name ?? '');
    setMode(openView ? 'update' : 'new');
    setProblem(null);
    setSaving(true);
  };

  const send = async (version?: number) => {
    const updating = mode === 'update' && openView !== null;
    try {
      const saved = await save.mutateAsync({
        Id: updating ? openView.Id : undefined,
        Version: updating ? (version ?? openView.Version) : undefined,
        Name: name,
        Filters: current.filters,
        Columns: current.columns,
      });
      message.success(`View “${saved.Name}” saved.`);
      setSaving(false);
      onOpen(saved);
    } catch (error) {
      const stale = staleWriteOf<ExpenseView>(error);
      setProblem({ text: errorMessage(error), theirs: stale?.current ?? null });
    }
  };

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <Select<string>
        aria-label="Saved view"
        placeholder="Saved views"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220, maxWidth: '100%' }}
        loading={views.isPending}
        value={openView?.Id}
        notFoundContent={views.isError ? 'The views could not be loaded.' : 'No saved views yet: set filters and columns, then Save view.'}
        options={(views.data ?? []).map((view) => ({ value: view.Id, label: view.Name }))}
        onChange={(id?: string) => onOpen((views.data ?? []).find((view) => view.Id === id) ?? null)}
      />
      <ColumnChooser columns={current.columns} showItem={showItem} fields={fields} onChange={onColumnsChange} />
      <Button icon={<SaveOutlined />} onClick={startSaving}>
        Save view
      </Button>
      {openView ? (
        <Popconfirm
          title={`Delete the view “${openView.Name}”?`}
          description="The list keeps its filters; only the saved view goes."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ Id: openView.Id, Version: openView.Version });
              message.success(`View “${openView.Name}” deleted.`);
              onOpen(null);
            } catch (error) {
              message.error(errorMessage(error));
            }
          }}
        >
          <Button icon={<DeleteOutlined />} aria-label={`Delete view ${openView.Name}`}>
            Delete view
          </Button>
        </Popconfirm>
      ) : null}
      <Modal
        open={saving}
        title="Save view"
        okText="Save"
        okButtonProps={{ disabled: !name.trim(), loading: save.isPending }}
        onOk={() => void send()}
        onCancel={() => setSaving(false)}
        destroyOnHidden
      >
        <Form layout="vertical" requiredMark={false} onFinish={() => void send()}>
          {openView ? (
            <Form.Item>
              <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)}>
                <Radio value="update">Update “{openView.Name}”</Radio>
                <Radio value="new">Save as a new view</Radio>
              </Radio.Group>
            </Form.Item>
          ) : null}
          <Form.Item label="Name" htmlFor="expense-view-name" extra="Only you see your saved views.">
            <Input id="expense-view-name" value={name} maxLength={200} autoFocus onChange={(event) => setName(event.target.value)} />
          </Form.Item>
        </Form>
        {problem ? (
          <Alert
            type={problem.theirs ? 'warning' : 'error'}
            showIcon
            role="alert"
            message={problem.text}
            action={
              problem.theirs ? (
                <Flex vertical gap={4}>
                  <Button size="small" type="primary" onClick={() => void send(problem.theirs?.Version)}>
                    Save mine over theirs
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      setSaving(false);
                      onOpen(problem.theirs);
                    }}
                  >
                    Keep theirs
                  </Button>
                </Flex>
              ) : undefined
            }
          />
        ) : null}
      </Modal>
    </Flex>
  );
};
