import type { ForecastShortfall } from '@plansmith/contract';
import { Alert, App, Button, Flex } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatCount } from '../../../shared/format/money.ts';
import { useGenerateExpectations } from '../api/expectation-mutations.ts';

const plural = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;

/** "10 of 40 deals fall after the plan ends": the numbers of a forecast that velocity pushes past the plan's end. */
export const shortfallSentence = (shortfall: ForecastShortfall): string =>
  `${formatCount(shortfall.AfterPlan)} of ${plural(shortfall.Needed, 'deal', 'deals')} (${shortfall.StageName}) fall after the plan ends: ` +
  `the stages take ${plural(shortfall.VelocityDays, 'day', 'days')} from first to last, so the forecast reaches ${shortfall.StageName} ` +
  `${plural(shortfall.ShiftMonths, 'month', 'months')} later and only ${formatCount(shortfall.InsidePlan)} land inside the plan.`;

/**
 * Says how far a forecast generated from the funnel falls short of the goal, and offers the fixes:
 * compress the velocity (here, one click) or extend the plan's end into next year (on its plan page).
 */
export const ShortfallAlert = ({
  planId,
  shortfall,
  canEdit,
  extendHref,
}: {
  planId: string;
  shortfall: ForecastShortfall;
  canEdit: boolean;
  /** The plan's page, where Edit changes its end date: the other way out. */
  extendHref?: string;
}) => {
  const generate = useGenerateExpectations();
  const { message, modal } = App.useApp();
  const compress = () =>
    modal.confirm({
      title: 'Compress the velocity?',
      content: `The stages’ days are scaled down from ${plural(shortfall.VelocityDays, 'day', 'days')} to at most ${plural(shortfall.FitVelocityDays, 'day', 'days')} from first stage to last, then the forecast is generated again. Actual counts are kept.`,
      okText: 'Compress and generate',
      onOk: async () => {
        try {
          await generate.mutateAsync({ planId, compressVelocity: true });
          message.success('Velocity compressed; the forecast now fits the plan.');
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={shortfallSentence(shortfall)}
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>
            Compress the velocity to at most {plural(shortfall.FitVelocityDays, 'day', 'days')} so every deal lands in the plan, or extend
            the plan {plural(shortfall.ShiftMonths, 'month', 'months')} into next year.
          </span>
          <Flex wrap gap={8} align="center">
            {canEdit ? (
              <Button onClick={compress} loading={generate.isPending}>
                Compress the velocity
              </Button>
            ) : null}
            {extendHref ? <Link to={extendHref}>Extend the plan’s end date (Edit on the plan’s page)</Link> : null}
          </Flex>
        </Flex>
      }
    />
  );
};
