import { ProfileOutlined } from '@ant-design/icons';
import { type MarketingPlan, PLAN_STATE_ARCHIVED, PLAN_STATE_TEMPLATE } from '@plansmith/contract';
import { Select } from 'antd';
import { RetrySelect } from '../../../shared/ui/retry-select.tsx';
import { useContextPlan } from '../hooks/use-context-plan.ts';

// Templates (plays) are never the context plan (features/plans/context-plan.ts), so the picker does not offer them.
const groupOf = (plan: MarketingPlan): string | null =>
  plan.State === PLAN_STATE_ARCHIVED ? 'Archived' : plan.State === PLAN_STATE_TEMPLATE ? null : 'Live';

/** The context plan picker of SPEC.md §4: the last chosen plan, else the context team's live plan. */
/** `width`: 260 px in the header; '100%' where the pickers stack (the phone drawer). */
export const PlanPicker = ({ width = 260 }: { width?: number | string }) => {
  const { plans, teamPlans, plan, setPlanId } = useContextPlan();

  if (plans.isError) {
    return <RetrySelect label="Context plan" what="plans" width={width} onRetry={() => void plans.refetch()} />;
  }

  const options = ['Live', 'Archived']
    .map((label) => ({
      label,
      options: teamPlans.filter((entry) => groupOf(entry) === label).map((entry) => ({ value: entry.Id, label: entry.Name })),
    }))
    .filter((group) => group.options.length > 0);

  return (
    <Select
      aria-label="Context plan"
      style={{ width }}
      loading={plans.isPending}
      placeholder={plans.isPending ? 'Loading plans…' : 'No plans yet'}
      disabled={!plans.isPending && options.length === 0}
      value={plan?.Id}
      onChange={(value: string) => setPlanId(value)}
      options={options}
      suffixIcon={<ProfileOutlined />}
      showSearch={teamPlans.length > 6}
      optionFilterProp="label"
    />
  );
};
