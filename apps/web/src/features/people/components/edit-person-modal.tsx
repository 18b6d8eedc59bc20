import type { Person, TenantRole } from '@plansmith/contract';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSavePerson } from '../api/people-mutations.ts';
import { roleOptionsFor } from './role-options.ts';
import { PersonNameFields } from './person-name-fields.tsx';

type EditValues = { firstName: string; lastName: string; role: TenantRole; active: boolean };

/** Name, account role and active flag of one person. The server keeps the Owner rules. */
export const EditPersonModal = ({
  person,
  callerRole,
  callerId,
  onClose,
}: {
  person: Person | null;
  callerRole: TenantRole | undefined;
  callerId: string | undefined;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<EditValues>();
  const save = useSavePerson();
  useEffect(() => {
    if (person) {
      form.setFieldsValue({ firstName: person.FirstName, lastName: person.LastName, role: person.TenantRole, active: person.Active });
      save.reset();
    }
  }, [person, form, save.reset]);

  const ownerLocked = person?.TenantRole === 'Owner' && callerRole !== 'Owner';
  const options = roleOptionsFor(callerRole);
  if (person?.TenantRole === 'Owner' && !options.some((o) => o.value === 'Owner')) options.push({ value: 'Owner', label: 'Owner' });

  const submit = (values: EditValues) =>
    person &&
    save.mutate(
      {
        Id: person.Id,
        FirstName: values.firstName.trim(),
        LastName: values.lastName.trim(),
        TenantRole: values.role,
        Active: values.active,
      },
      { onSuccess: () => onClose() },
    );

  return (
    <Modal
      open={person !== null}
      title={person ? `Edit ${person.FirstName} ${person.LastName}` : ''}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      {ownerLocked ? (
        <Alert type="info" showIcon message="Only an Owner can change an Owner’s role or deactivate them." style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <PersonNameFields />
        <Form.Item label="Email">
          <Input value={person?.Email} disabled />
        </Form.Item>
        <Form.Item label="Account role" name="role">
          <Select options={options} disabled={ownerLocked} />
        </Form.Item>
        <Form.Item
          label="Active"
          name="active"
          valuePropName="checked"
          extra="Deactivating signs the person out everywhere and stops them signing in."
        >
          <Switch disabled={ownerLocked || person?.Id === callerId} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
