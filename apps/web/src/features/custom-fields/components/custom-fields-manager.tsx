import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_FIELD_ENTITY_LABELS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELDS_PER_ENTITY,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldType,
  EMPTY_ID,
  hasOptions,
} from '@plansmith/contract';
import { App, Button, Flex, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { staleWriteOf } from '../../../shared/ui/merge-dialog.tsx';
import { EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { useDeleteCustomField, useSaveCustomField } from '../api/custom-field-mutations.ts';

type FormValues = { Name: string; Type: CustomFieldType; Options: string[]; Required: boolean };

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * One entity's custom fields (/account/custom-fields, Owner and Admin): in their order, add, edit
 * (name, options, Required; the type while no row has a value), move up or down, delete (its values
 * go with it, after a confirmation that says so).
 */
export const CustomFieldsManager = ({ entity, fields }: { entity: CustomFieldEntity; fields: CustomField[] }) => {
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCustomField();
  const remove = useDeleteCustomField();
  const { message } = App.useApp();
  const type = Form.useWatch('Type', form);
  const label = CUSTOM_FIELD_ENTITY_LABELS[entity];
  const full = fields.length >= CUSTOM_FIELDS_PER_ENTITY;

  useEffect(() => {
    if (editing === 'new') form.setFieldsValue({ Name: '', Type: 'Text', Options: [], Required: false });
    else if (editing) form.setFieldsValue({ Name: editing.Name, Type: editing.Type, Options: editing.Options, Required: editing.Required });
  }, [editing, form]);

  const submit = async (values: FormValues) => {
    const existing = editing && editing !== 'new' ? editing : null;
    try {
      await save.mutateAsync({
        Id: existing?.Id ?? EMPTY_ID,
        Entity: entity,
        Name: values.Name,
        Type: values.Type,
        Options: hasOptions(values.Type) ? values.Options.map((option) => option.trim()).filter((option) => option !== '') : [],
        Required: values.Required,
        ...(existing ? { Version: existing.Version } : {}),
      });
      message.success(`“${values.Name.trim()}” saved.`);
      setEditing(null);
    } catch (error) {
      const stale = staleWriteOf<CustomField>(error);
      // Someone changed the field meanwhile: the dialog reopens on it as it is now.
      if (stale) {
        message.warning(stale.message);
        setEditing(stale.current);
        form.setFieldsValue({
          Name: stale.current.Name,
          Type: stale.current.Type,
          Options: stale.current.Options,
          Required: stale.current.Required,
        });
        return;
      }
      message.error(errorMessage(error));
    }
  };

  const move = async (field: CustomField, by: -1 | 1) => {
    const index = fields.indexOf(field);
    const other = fields[index + by];
    if (!other) return;
    // Positions as shown: the two fields swap places.
    const mine = index;
    const theirs = index + by;
    try {
      for (const [row, position] of [
        [field, theirs],
        [other, mine],
      ] as const) {
        await save.mutateAsync({
          Id: row.Id,
          Version: row.Version,
          Entity: entity,
          Name: row.Name,
          Type: row.Type,
          Options: row.Options,
          Required: row.Required,
          Position: position,
        });
      }
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const onDelete = async (field: CustomField) => {
    try {
      await remove.mutateAsync(field);
      message.success(`“${field.Name}” deleted, with its values.`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {fields.length} of {CUSTOM_FIELDS_PER_ENTITY} {label.one} fields
        </Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          disabled={full}
          title={full ? `At most ${CUSTOM_FIELDS_PER_ENTITY} fields` : undefined}
        >
          Add {label.one} field
        </Button>
      </Flex>
      <Table<CustomField>
        rowKey="Id"
        size="small"
        dataSource={fields}
        pagination={false}
        locale={{ emptyText: `No ${label.one} fields yet. Add one to record it on every ${label.one}.` }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Order',
            key: 'order',
            width: 96,
            render: (_value, field, index) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${field.Name} up`}
                  disabled={index === 0 || save.isPending}
                  onClick={() => void move(field, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${field.Name} down`}
                  disabled={index === fields.length - 1 || save.isPending}
                  onClick={() => void move(field, 1)}
                />
              </Flex>
            ),
          },
          { title: 'Name', dataIndex: 'Name' },
          { title: 'Type', dataIndex: 'Type', responsive: ['sm'], render: (value: CustomFieldType) => CUSTOM_FIELD_TYPE_LABELS[value] },
          {
            title: 'Options',
            dataIndex: 'Options',
            // On a phone the row keeps its name and actions in view; the dialog shows the rest.
            responsive: ['md'],
            render: (options: string[]) =>
              options.length === 0 ? (
                '—'
              ) : (
                <Flex gap={4} wrap style={{ maxWidth: 360 }}>
                  {options.map((option) => (
                    <Tag key={option}>{option}</Tag>
                  ))}
                </Flex>
              ),
          },
          {
            title: 'Required',
            dataIndex: 'Required',
            responsive: ['md'],
            render: (required: boolean) => (required ? 'Required' : 'Optional'),
          },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_value, field) => (
              <EditDeleteActions name={field.Name} onEdit={() => setEditing(field)} onDelete={() => onDelete(field)} />
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `Add ${label.one} field` : `Edit “${editing?.Name ?? ''}”`}
        okText="Save"
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
          <Form.Item
            name="Name"
            label="Name"
            rules={[{ required: true, whitespace: true, message: 'Please name the field.' }, { max: 100 }]}
          >
            <Input autoFocus placeholder="e.g. Region" />
          </Form.Item>
          <Form.Item name="Type" label="Type" extra={editing !== 'new' ? 'The type can change only while no row has a value.' : undefined}>
            <Select options={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: CUSTOM_FIELD_TYPE_LABELS[value] }))} />
          </Form.Item>
          {type && hasOptions(type) ? (
            <Form.Item
              name="Options"
              label="Options"
              extra="Type an option and press Enter. An option in use cannot be removed."
              rules={[
                { required: true, type: 'array', min: 1, message: 'Add at least one option.' },
                {
                  validator: async (_rule, options: string[] | undefined) => {
                    if ((options ?? []).some((option) => option.includes(','))) throw new Error('An option cannot contain a comma.');
                  },
                },
              ]}
            >
              <Select mode="tags" open={false} tokenSeparators={[]} placeholder="e.g. EMEA, then Enter" />
            </Form.Item>
          ) : null}
          <Form.Item name="Required" label="Required" valuePropName="checked" extra={`Every ${label.one} saved must have a value.`}>
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};

export const entityTitle = (entity: CustomFieldEntity) => capitalized(CUSTOM_FIELD_ENTITY_LABELS[entity].many);
