import { Button, Flex, Popconfirm, Tag } from 'antd';

/** The Active / Inactive status of a row in a management table. */
export const ActiveTag = ({ active }: { active: boolean }) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>);

/** Edit and Delete buttons for a row; Delete asks first, naming what goes. */
export const EditDeleteActions = ({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => unknown }) => (
  <Flex gap={8} justify="flex-end">
    <Button size="small" onClick={onEdit} aria-label={`Edit ${name}`}>
      Edit
    </Button>
    <Popconfirm title={`Delete “${name}”?`} okText="Delete" okButtonProps={{ danger: true }} onConfirm={onDelete}>
      <Button size="small" danger aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </Popconfirm>
  </Flex>
);
