import { DownOutlined } from '@ant-design/icons';
import { type MarketingPlan, PLAN_STATE_ARCHIVED, PLAN_STATE_LIVE, PLAN_STATE_TEMPLATE, type PlanState } from '@plansmith/contract';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { useDeletePlan, useKeepTheirPlan, useSavePlan } from '../api/plan-mutations.ts';

const STATE_CHANGE_MESSAGES: Record<PlanState, string> = {
  0: 'Plan restored.',
  1: 'Plan restored to live.',
  2: 'Plan archived.',
  3: 'Plan made a template.',
};

const STATE_NAMES: Record<PlanState, string> = { 0: 'Live', 1: 'Live', 2: 'Archived', 3: 'Template' };
const STATE_MERGE_FIELDS = [
  { key: 'State', label: 'State', format: (state: unknown) => STATE_NAMES[state as PlanState] },
] as const satisfies ReadonlyArray<{ key: keyof MarketingPlan; label: string; format?: (value: never) => string }>;

/**
 * The actions on one plan: edit, archive or restore, make a template, copy to next year (when the
 * page offers it: the playbook's Plan.Agility), share, delete (with confirmation).
 */
export const PlanRowActions = ({
  plan,
  onEdit,
  onShare,
  onCopyToNextYear,
  onDeleted,
}: {
  plan: MarketingPlan;
  onEdit: (plan: MarketingPlan) => void;
  onShare: (plan: MarketingPlan) => void;
  onCopyToNextYear?: ((plan: MarketingPlan) => void) | undefined;
  onDeleted?: () => void;
}) => {
  const save = useSavePlan();
  const remove = useDeletePlan();
  const keepTheirs = useKeepTheirPlan();
  const merge = useMergeDialog();
  const { message, modal } = App.useApp();

  /** Only the state changes; a plan changed since it was read shows the merge dialog (DESIGN.md §13). */
  const changeState = async (State: PlanState, base: MarketingPlan = plan): Promise<void> => {
    try {
      // Name and team as read; description and dates are left as they are.
      await save.mutateAsync({ Id: base.Id, Version: base.Version, Name: base.Name, TeamId: base.TeamId, State });
      message.success(STATE_CHANGE_MESSAGES[State]);
    } catch (error) {
      const stale = staleWriteOf<MarketingPlan>(error);
      if (!stale) {
        message.error(errorMessage(error));
        return;
      }
      // Only the state is this person's change: "Save mine" keeps their other changes.
      const mine: MarketingPlan = { ...stale.current, State };
      const choice = await merge.ask(stale.message, changedFields(STATE_MERGE_FIELDS, stale.current, mine));
      if (choice === 'mine') return changeState(State, stale.current);
      keepTheirs(stale.current);
      message.info('Kept their version of the plan.');
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete “${plan.Name}”?`,
      content: `Its ${plan.Totals.ItemCount} budget items, their expenses and objectives are deleted with it. This cannot be undone.`,
      okText: 'Delete plan',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(plan);
          message.success('Plan deleted.');
          onDeleted?.();
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  const isArchived = plan.State === PLAN_STATE_ARCHIVED;
  const isTemplate = plan.State === PLAN_STATE_TEMPLATE;
  const items: MenuProps['items'] = [
    { key: 'edit', label: 'Edit', onClick: () => onEdit(plan) },
    isArchived || isTemplate
      ? { key: 'restore', label: isArchived ? 'Restore' : 'Make live', onClick: () => void changeState(PLAN_STATE_LIVE) }
      : { key: 'archive', label: 'Archive', onClick: () => void changeState(PLAN_STATE_ARCHIVED) },
    ...(isTemplate ? [] : [{ key: 'template', label: 'Make a template', onClick: () => void changeState(PLAN_STATE_TEMPLATE) }]),
    ...(onCopyToNextYear ? [{ key: 'next-year', label: 'Copy to next year…', onClick: () => onCopyToNextYear(plan) }] : []),
    { key: 'share', label: plan.ShareKey ? 'Share link…' : 'Share…', onClick: () => onShare(plan) },
    { type: 'divider' },
    { key: 'delete', label: 'Delete…', danger: true, onClick: confirmDelete },
  ];

  if (!plan.Permissions.CanManagePlan) return null;
  return (
    <>
      {merge.dialog}
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button size="small" aria-label={`Actions for ${plan.Name}`} loading={save.isPending || remove.isPending}>
          Actions <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
};
