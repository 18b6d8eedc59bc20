import { getHref, type Objective } from '@plansmith/contract';
import { Flex, List, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { formatMetricValue, formatRatio } from '../../../shared/format/objective-values.ts';

const STROKE: Record<Objective['Status'], string> = {
  NotStarted: '#8c8c8c',
  Achieved: '#389e0d',
  OnTrack: '#0958d9',
  AtRisk: '#d48806',
  Behind: '#cf1322',
};
/** Text colours with at least 4.5:1 on white (the bar colours are lighter). */
const TEXT: Record<Objective['Status'], string> = {
  NotStarted: 'rgba(0, 0, 0, 0.6)',
  Achieved: '#237804',
  OnTrack: '#0958d9',
  AtRisk: '#874d00',
  Behind: '#cf1322',
};
const STATUS_WORDS: Record<Objective['Status'], string> = {
  NotStarted: 'Not started',
  Achieved: 'Achieved',
  OnTrack: 'On track',
  AtRisk: 'At risk',
  Behind: 'Behind',
};

/** Attainment per active objective as bars in its status colour, with the words for the status. */
export const AttainmentList = ({ objectives }: { objectives: Objective[] }) => (
  <List
    dataSource={objectives.filter((objective) => objective.Active)}
    renderItem={(objective) => (
      <List.Item>
        <Flex vertical style={{ width: '100%' }} gap={2}>
          <Flex justify="space-between" gap={8} wrap>
            <Link to={getHref('objective', { id: objective.Id })}>{objective.Name}</Link>
            <Typography.Text style={{ color: TEXT[objective.Status] }}>{STATUS_WORDS[objective.Status]}</Typography.Text>
          </Flex>
          <Progress
            percent={Math.min(100, Math.round((objective.Attainment ?? 0) * 100))}
            strokeColor={STROKE[objective.Status]}
            // 'normal' keeps the percent in body text colour at 100 % too (antd turns it a light green).
            status="normal"
            format={() => formatRatio(objective.Attainment)}
            aria-label={`${objective.Name}: ${formatRatio(objective.Attainment)} of target, ${STATUS_WORDS[objective.Status]}`}
            style={{ margin: 0 }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatMetricValue(objective.ActualValue, objective.MetricType)} of{' '}
            {formatMetricValue(objective.TargetValue, objective.MetricType)}
          </Typography.Text>
        </Flex>
      </List.Item>
    )}
  />
);
