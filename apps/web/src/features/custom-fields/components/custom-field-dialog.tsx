import {
  CUSTOM_FIELD_ENTITY_LABELS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldType,
  EMPTY_ID,
  hasOptions,
} from '@plansmith/contract';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { staleWriteOf } from '../../../shared/ui/merge-dialog.tsx';
import { useSaveCustomField } from '../api/custom-field-mutations.ts';

type FormValues = { Name: string; Type: CustomFieldType; Options: string[]; Required: boolean };

/**
 * Add or edit one custom field (name, type, options, Required). Loaded when it first opens, so that
 * /account/custom-fields' first load carries the list only.
 */
export const CustomFieldDialog = ({
  entity,
  editing,
  setEditing,
}: {
  entity: CustomFieldEntity;
  editing: CustomField | 'new' | null;
  setEditing: (editing: CustomField | 'new' | null) => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCustomField();
  const { message } = App.useApp();
  const type = Form.useWatch('Type', form);
  const label = CUSTOM_FIELD_ENTITY_LABELS[entity];

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

  return (
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
        <Form.Item name="Name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please name the field.' }, { max: 100 }]}>
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
  );
};
