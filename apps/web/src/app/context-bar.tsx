import { Flex } from 'antd';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { TeamPicker } from '../features/teams/components/team-picker.tsx';

/** The context team and plan pickers (SPEC.md §4, DESIGN.md §6); stacked full width in the phone drawer. */
export const ContextBar = ({ stacked = false }: { stacked?: boolean }) =>
  stacked ? (
    <Flex vertical gap={8}>
      <TeamPicker width="100%" />
      <PlanPicker width="100%" />
    </Flex>
  ) : (
    <Flex gap={12} align="center" wrap>
      <TeamPicker />
      <PlanPicker />
    </Flex>
  );
