import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_FIELD_ENTITY_LABELS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELDS_PER_ENTITY,
  type CustomField,
  type CustomFieldEntity,
} from '@plansmith/contract';
import { App, Button, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { EditDeleteActions } from '../../../shared/ui/table-cells.tsx';
import { useDeleteCustomField, useSaveCustomField } from '../api/custom-field-mutations.ts';

const CustomFieldDialog = lazyModal(
  () => import('./custom-field-dialog.tsx').then((module) => module.CustomFieldDialog),
  (props: { editing: unknown }) => props.editing !== null,
);

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * One entity's custom fields (/account/custom-fields, Owner and Admin): in their order, add, edit
 * (name, options, Required; the type while no row has a value), move up or down, delete (its values
 * go with it, after a confirmation that says so).
 */
export const CustomFieldsManager = ({ entity, fields }: { entity: CustomFieldEntity; fields: CustomField[] }) => {
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const save = useSaveCustomField();
  const remove = useDeleteCustomField();
  const { message } = App.useApp();
  const label = CUSTOM_FIELD_ENTITY_LABELS[entity];
  const full = fields.length >= CUSTOM_FIELDS_PER_ENTITY;

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
      {/* A list, not a table: antd's Table would put ~40 KB more on the page's first load (over its 350 KB budget). */}
      <List<CustomField>
        bordered
        dataSource={fields}
        locale={{ emptyText: `No ${label.one} fields yet. Add one to record it on every ${label.one}.` }}
        renderItem={(field, index) => (
          <List.Item
            actions={[
              <EditDeleteActions key="actions" name={field.Name} onEdit={() => setEditing(field)} onDelete={() => onDelete(field)} />,
            ]}
          >
            <Flex gap={12} align="center" wrap style={{ minWidth: 0 }}>
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
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Typography.Text strong>{field.Name}</Typography.Text>
                <Typography.Text type="secondary">
                  {CUSTOM_FIELD_TYPE_LABELS[field.Type]} · {field.Required ? 'Required' : 'Optional'}
                </Typography.Text>
                {field.Options.length > 0 ? (
                  <Flex gap={4} wrap>
                    {field.Options.map((option) => (
                      <Tag key={option}>{option}</Tag>
                    ))}
                  </Flex>
                ) : null}
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      <CustomFieldDialog entity={entity} editing={editing} setEditing={setEditing} />
    </>
  );
};

export const entityTitle = (entity: CustomFieldEntity) => capitalized(CUSTOM_FIELD_ENTITY_LABELS[entity].many);
