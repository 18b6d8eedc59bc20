import type { Objective } from '@plansmith/contract';
import { Flex, Progress, Typography } from 'antd';
import { formatMetricValue, formatRatio } from '../../../shared/format/objective-values.ts';

const STROKE: Record<Objective['Status'], string> = {
  NotStarted: '#8c8c8c',
  Achieved: '#389e0d',
  OnTrack: '#0958d9',
  AtRisk: '#d48806',
  Behind: '#cf1322',
};

/**
 * Progress against target with the pace marked: the bar is the attainment, the thin line under it
 * how far the objective should be by today (ExpectedToDate ÷ Target).
 */
export const ObjectiveProgress = ({ objective }: { objective: Objective }) => {
  const attainment = objective.Attainment ?? 0;
  const pace = objective.TargetValue > 0 ? Math.min(1, objective.ExpectedToDate / objective.TargetValue) : 0;
  const unit = objective.Metric ? ` ${objective.Metric}` : '';
  return (
    <Flex vertical gap={2} style={{ minWidth: 200 }}>
      <Progress
        percent={Math.min(100, Math.round(attainment * 100))}
        strokeColor={STROKE[objective.Status]}
        // 'normal' keeps the percent in body text colour at 100 % too (antd turns it a light green).
        status="normal"
        size="small"
        format={() => formatRatio(objective.Attainment)}
        aria-label={`${formatRatio(objective.Attainment)} of target`}
        style={{ margin: 0 }}
      />
      <div style={{ position: 'relative', height: 4, marginRight: 44, background: '#f0f0f0', borderRadius: 2 }} aria-hidden>
        <div
          style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: `${pace * 100}%`, background: '#8c8c8c', borderRadius: 2 }}
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatMetricValue(objective.ActualValue, objective.MetricType)}
        {unit} of {formatMetricValue(objective.TargetValue, objective.MetricType)} · pace{' '}
        {formatMetricValue(objective.ExpectedToDate, objective.MetricType)}
      </Typography.Text>
    </Flex>
  );
};
