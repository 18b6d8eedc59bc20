import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { type BudgetCategory, CATEGORY_TYPE_NAMES, type CategoryType, EMPTY_ID } from '@plansmith/contract';
import { App, Button, Flex, Form, Input, Modal, Select, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { ActiveTag, EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { useDeleteAllCategories, useDeleteCategory, useSaveAllCategories, useSaveCategory } from '../api/category-mutations.ts';

type FormValues = { Name: string; CategoryType: CategoryType; Active: boolean };

/** The category's fields the edit dialog changes, as the merge dialog compares them (DESIGN.md §13). */
const CATEGORY_MERGE_FIELDS = [
  { key: 'Name', label: 'Name' },
  { key: 'CategoryType', label: 'Category type', format: (type: unknown) => CATEGORY_TYPE_NAMES[type as CategoryType] },
  { key: 'Active', label: 'Active', format: (active: unknown) => (active ? 'Active' : 'Inactive') },
] as const satisfies ReadonlyArray<{ key: keyof BudgetCategory; label: string; format?: (value: never) => string }>;
/** The category's fields a save sends: "Save mine over theirs" keeps of mine only those changed since it was read. */
const CATEGORY_SAVE_FIELDS = ['Name', 'CategoryType', 'Active', 'SortOrder'] as const;

/** Budget categories of the tenant: add, edit, reorder (SaveAll), delete unused ones, delete all. */
export const CategoriesManager = ({ categories }: { categories: BudgetCategory[] }) => {
  const [editing, setEditing] = useState<BudgetCategory | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCategory();
  const saveAll = useSaveAllCategories();
  const remove = useDeleteCategory();
  const removeAll = useDeleteAllCategories();
  const merge = useMergeDialog();
  const { message, modal } = App.useApp();

  useEffect(() => {
    if (editing === 'new') form.setFieldsValue({ Name: '', CategoryType: 1, Active: true });
    else if (editing) form.setFieldsValue({ Name: editing.Name, CategoryType: editing.CategoryType, Active: editing.Active });
  }, [editing, form]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      return true;
    } catch (error) {
      message.error(errorMessage(error));
      return false;
    }
  };

  const submit = async (values: FormValues) => {
    const isNew = editing === 'new' || editing === null;
    const request = {
      Id: isNew ? EMPTY_ID : editing.Id,
      Name: values.Name,
      CategoryType: values.CategoryType,
      Active: values.Active,
      SortOrder: isNew ? (categories.at(-1)?.SortOrder ?? 0) + 1 : editing.SortOrder,
    };
    const read = isNew ? null : editing;
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<boolean> => {
      try {
        await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
        message.success('Category saved.');
        return true;
      } catch (error) {
        const stale = staleWriteOf<BudgetCategory>(error);
        if (!stale) {
          message.error(errorMessage(error));
          return false;
        }
        // Someone changed the category since it was read: their values beside the ones this person
        // changed, and the person decides. Mine over theirs keeps their change to any field left alone.
        const mine: BudgetCategory = { ...stale.current, ...editsSince(CATEGORY_SAVE_FIELDS, read, request) };
        const choice = await merge.ask(stale.message, changedFields(CATEGORY_MERGE_FIELDS, stale.current, mine));
        if (choice === 'mine') return saveFrom(stale.version, mineOverTheirs(CATEGORY_SAVE_FIELDS, read, request, stale.current));
        message.info('Kept their version of the category.');
        return true;
      }
    };
    if (await saveFrom(isNew ? undefined : editing.Version)) setEditing(null);
  };

  /** Moves a category one place; the whole order is saved at once, so it never ends half-applied. */
  const move = (index: number, step: -1 | 1) => {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + step, 0, moved);
    void run(
      () =>
        saveAll.mutateAsync(
          order.map((category, position) => ({
            Id: category.Id,
            Version: category.Version,
            Name: category.Name,
            CategoryType: category.CategoryType,
            Active: category.Active,
            SortOrder: position + 1,
          })),
        ),
      'Order saved.',
    );
  };

  const confirmDeleteAll = () =>
    modal.confirm({
      title: 'Delete every budget category?',
      content: 'This only works while no budget item uses any category.',
      okText: 'Delete all',
      okButtonProps: { danger: true },
      onOk: () => run(() => removeAll.mutateAsync(categories), 'All categories deleted.'),
    });

  return (
    <>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
        <Button danger onClick={confirmDeleteAll} disabled={categories.length === 0}>
          Delete all
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add category
        </Button>
      </Flex>
      <Table<BudgetCategory>
        // On a phone the table scrolls sideways inside itself, never the page (DESIGN.md §12).
        scroll={{ x: 'max-content' }}
        rowKey="Id"
        size="small"
        dataSource={categories}
        pagination={false}
        loading={saveAll.isPending}
        locale={{ emptyText: 'No budget categories yet.' }}
        columns={[
          {
            title: 'Order',
            key: 'order',
            width: 100,
            render: (_value, category, index) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${category.Name} up`}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={index === categories.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${category.Name} down`}
                />
              </Flex>
            ),
          },
          { title: 'Name', dataIndex: 'Name' },
          { title: 'Category type', dataIndex: 'CategoryType', render: (type: CategoryType) => CATEGORY_TYPE_NAMES[type] },
          { title: 'Budget items', dataIndex: 'ItemCount', align: 'right' },
          {
            title: 'Status',
            dataIndex: 'Active',
            render: (active: boolean) => <ActiveTag active={active} />,
          },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_value, category) => (
              <EditDeleteActions
                name={category.Name}
                onEdit={() => setEditing(category)}
                onDelete={() => run(() => remove.mutateAsync(category), `“${category.Name}” deleted.`)}
              />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add budget category' : 'Edit budget category'}
        okText="Save"
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {merge.dialog}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
          <Form.Item name="Name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name.' }, { max: 200 }]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="CategoryType" label="Category type" rules={[{ required: true }]}>
            <Select options={([1, 2, 3] as const).map((type) => ({ value: type, label: CATEGORY_TYPE_NAMES[type] }))} />
          </Form.Item>
          {editing !== 'new' ? (
            <Form.Item name="Active" label="Active" valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
    </>
  );
};
