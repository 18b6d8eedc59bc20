import { DownOutlined } from '@ant-design/icons';
import { type MarketingPlan, PLAN_STATE_ARCHIVED, PLAN_STATE_LIVE, PLAN_STATE_TEMPLATE, type PlanState } from '@plansmith/contract';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDeletePlan, useSavePlan } from '../api/plan-mutations.ts';

const STATE_CHANGE_MESSAGES: Record<PlanState, string> = {
  0: 'Plan restored.',
  1: 'Plan restored to live.',
  2: 'Plan archived.',
  3: 'Plan made a template.',
};

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
  const { message, modal } = App.useApp();

  const changeState = async (State: PlanState) => {
    try {
      await save.mutateAsync({
        Id: plan.Id,
        Name: plan.Name,
        Description: plan.Description,
        TeamId: plan.TeamId,
        StartDate: plan.StartDate,
        EndDate: plan.EndDate,
        State,
      });
      message.success(STATE_CHANGE_MESSAGES[State]);
    } catch (error) {
      message.error(errorMessage(error));
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
          await remove.mutateAsync(plan.Id);
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
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" aria-label={`Actions for ${plan.Name}`} loading={save.isPending || remove.isPending}>
        Actions <DownOutlined />
      </Button>
    </Dropdown>
  );
};
