import type { Team } from '@plansmith/contract';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveTeam } from '../api/team-mutations.ts';

type TeamValues = { name: string; active: boolean };

/** Create a team (team null) or rename / (de)activate one. */
export const TeamFormModal = ({ open, team, onClose }: { open: boolean; team: Team | null; onClose: () => void }) => {
  const [form] = Form.useForm<TeamValues>();
  const save = useSaveTeam();
  useEffect(() => {
    if (open) {
      form.setFieldsValue({ name: team?.Name ?? '', active: team?.Active ?? true });
      save.reset();
    }
  }, [open, team, form, save.reset]);

  const submit = (values: TeamValues) =>
    save.mutate({ Id: team?.Id, Name: values.name.trim(), Active: values.active }, { onSuccess: () => onClose() });

  return (
    <Modal
      open={open}
      title={team ? `Edit ${team.Name}` : 'New team'}
      okText={team ? 'Save' : 'Create team'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label="Team name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Please enter a team name!' }, { max: 200 }]}
        >
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item label="Active" name="active" valuePropName="checked" extra="Inactive teams are hidden from the team picker.">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};
