import { PlusOutlined } from '@ant-design/icons';
import { CATEGORY_TYPE_NAMES, type CategoryType, EMPTY_ID, type Lookup, type LookupType } from '@plansmith/contract';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { ActiveTag, EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { useDeleteLookup, useSaveLookup } from '../api/lookup-mutations.ts';

type FormValues = { Name: string; SortOrder: number; Active: boolean; CategoryType?: CategoryType | null };

/** The entry's fields the edit dialog changes, as the merge dialog compares them (DESIGN.md §13). */
const LOOKUP_MERGE_FIELDS = [
  { key: 'Name', label: 'Name' },
  { key: 'SortOrder', label: 'Order' },
  { key: 'CategoryType', label: 'Category type', format: (type: unknown) => (type ? CATEGORY_TYPE_NAMES[type as CategoryType] : '—') },
  { key: 'Active', label: 'Active', format: (active: unknown) => (active ? 'Active' : 'Inactive') },
] as const satisfies ReadonlyArray<{ key: keyof Lookup; label: string; format?: (value: never) => string }>;
/** The entry's fields the dialog saves: "Save mine over theirs" keeps of mine only those changed since it was read. */
const LOOKUP_FORM_FIELDS = ['Name', 'SortOrder', 'Active', 'CategoryType'] as const;

/** One kind of lookup (GL codes or funnel stages): list by SortOrder, add, edit, delete. */
export const LookupList = ({ lookupType, entries, noun }: { lookupType: LookupType; entries: Lookup[]; noun: string }) => {
  const [editing, setEditing] = useState<Lookup | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const save = useSaveLookup();
  const remove = useDeleteLookup();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  const isGlCode = lookupType === 1;

  // The dialog is filled when it opens on an entry (or on a new one), not whenever the list reloads:
  // a colleague's change arriving live refetches the list, which replaced what was being typed
  // (DESIGN.md §13). The save still carries the version the dialog was opened with.
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  useEffect(() => {
    if (editing === 'new')
      form.setFieldsValue({ Name: '', SortOrder: (entriesRef.current.at(-1)?.SortOrder ?? 0) + 1, Active: true, CategoryType: null });
    else if (editing)
      form.setFieldsValue({ Name: editing.Name, SortOrder: editing.SortOrder, Active: editing.Active, CategoryType: editing.CategoryType });
  }, [editing, form]);

  const submit = async (values: FormValues) => {
    const existing = editing && editing !== 'new' ? editing : null;
    const request = {
      Id: existing?.Id ?? EMPTY_ID,
      Name: values.Name,
      SortOrder: values.SortOrder,
      Active: values.Active,
      LookupType: lookupType,
      CategoryType: isGlCode ? (values.CategoryType ?? null) : null,
    };
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<void> => {
      try {
        await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
        message.success(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} saved.`);
        setEditing(null);
      } catch (error) {
        const stale = staleWriteOf<Lookup>(error);
        if (!stale) {
          message.error(errorMessage(error));
          return;
        }
        // Someone changed the entry since it was read: their values beside the ones this person changed,
        // and the person decides. Mine over theirs keeps their change to any field this person left alone.
        const mine: Lookup = { ...stale.current, ...editsSince(LOOKUP_FORM_FIELDS, existing, request) };
        const choice = await merge.ask(stale.message, changedFields(LOOKUP_MERGE_FIELDS, stale.current, mine));
        if (choice === 'mine') return saveFrom(stale.version, mineOverTheirs(LOOKUP_FORM_FIELDS, existing, request, stale.current));
        message.info(`Kept their version of the ${noun}.`);
        setEditing(null);
      }
    };
    await saveFrom(existing?.Version);
  };

  const onDelete = async (entry: Lookup) => {
    try {
      await remove.mutateAsync(entry);
      message.success(`“${entry.Name}” deleted.`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add {noun}
        </Button>
      </Flex>
      <Table<Lookup>
        rowKey="Id"
        size="small"
        dataSource={entries}
        pagination={entries.length > 50 ? { pageSize: 50 } : false}
        locale={{ emptyText: `No ${noun}s yet.` }}
        // On a phone the list scrolls sideways inside itself, never the page (DESIGN.md §12).
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Order', dataIndex: 'SortOrder', width: 80 },
          { title: 'Name', dataIndex: 'Name' },
          ...(isGlCode
            ? [
                {
                  title: 'Category type',
                  dataIndex: 'CategoryType',
                  render: (type: CategoryType | null) => (type ? CATEGORY_TYPE_NAMES[type] : '—'),
                },
              ]
            : []),
          {
            title: 'Status',
            dataIndex: 'Active',
            render: (active: boolean) => <ActiveTag active={active} />,
          },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_value, entry) => (
              <EditDeleteActions name={entry.Name} onEdit={() => setEditing(entry)} onDelete={() => onDelete(entry)} />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `Add ${noun}` : `Edit ${noun}`}
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
          <Form.Item name="SortOrder" label="Order" rules={[{ required: true, message: 'Please enter an order.' }]}>
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {isGlCode ? (
            <Form.Item name="CategoryType" label="Category type">
              <Select allowClear options={([1, 2, 3] as const).map((type) => ({ value: type, label: CATEGORY_TYPE_NAMES[type] }))} />
            </Form.Item>
          ) : null}
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
