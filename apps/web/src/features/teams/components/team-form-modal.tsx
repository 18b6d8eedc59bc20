import type { Team } from '@plansmith/contract';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { useSaveTeam } from '../api/team-mutations.ts';

type TeamValues = { name: string; active: boolean };

/** The team's fields the form changes, as the merge dialog compares them (DESIGN.md §13). */
const TEAM_MERGE_FIELDS = [
  { key: 'Name', label: 'Team name' },
  { key: 'Active', label: 'Active', format: (active: unknown) => (active ? 'Active' : 'Inactive') },
] as const satisfies ReadonlyArray<{ key: keyof Team; label: string; format?: (value: never) => string }>;
/** The team's fields the form saves: "Save mine over theirs" keeps of mine only those changed since it was read. */
const TEAM_FORM_FIELDS = ['Name', 'Active'] as const;
type TeamRequest = { Id: string | undefined; Name: string; Active: boolean };

/** Create a team (team null) or rename / (de)activate one. */
export const TeamFormModal = ({ open, team, onClose }: { open: boolean; team: Team | null; onClose: () => void }) => {
  const [form] = Form.useForm<TeamValues>();
  const save = useSaveTeam();
  const merge = useMergeDialog();
  // The team as the form was filled from it (DESIGN.md §13): filled once per opening of a team, so a
  // refreshed team passed in while the dialog is open (a refetch, a live change) neither replaces
  // what is typed nor moves the Version the save sends; a colleague's change answers the merge dialog.
  const read = useRef<Team | null>(null);
  const teamId = team?.Id ?? null;
  const teamNow = useRef(team);
  teamNow.current = team;
  useEffect(() => {
    if (!open) {
      read.current = null;
      return;
    }
    if (teamId && read.current?.Id === teamId) return;
    read.current = teamNow.current;
    form.setFieldsValue({ name: teamNow.current?.Name ?? '', active: teamNow.current?.Active ?? true });
    save.reset();
  }, [open, teamId, form, save.reset]);

  const submit = (values: TeamValues) =>
    send({ Id: team?.Id, Name: values.name.trim(), Active: values.active }, read.current?.Version ?? team?.Version);

  /** Saves `request` (what the person asked for) as `body` from `version`; a 409 opens the merge dialog. */
  const send = (request: TeamRequest, version: number | undefined, body: TeamRequest = request) => {
    save.mutate(version === undefined ? body : { ...body, Version: version }, {
      onSuccess: () => onClose(),
      onError: async (error) => {
        const stale = staleWriteOf<Team>(error);
        if (!stale) return;
        // Someone changed the team since it was read: their values beside the ones this person changed,
        // and the person decides. Mine over theirs keeps their change to any field this person left alone.
        save.reset();
        const mine: Team = { ...stale.current, ...editsSince(TEAM_FORM_FIELDS, read.current, request) };
        const choice = await merge.ask(stale.message, changedFields(TEAM_MERGE_FIELDS, stale.current, mine));
        if (choice === 'mine') send(request, stale.version, mineOverTheirs(TEAM_FORM_FIELDS, read.current, request, stale.current));
        else onClose();
      },
    });
  };

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
      {merge.dialog}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit(values)}>
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
