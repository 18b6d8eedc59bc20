import { Typography } from 'antd';

/** What Available and Left to plan mean (DESIGN.md §12), said the same way beside every table that shows them. */
export const AVAILABLE_MEANS = 'Available = Budget − Committed − Actual';
export const LEFT_TO_PLAN_MEANS = 'Left to plan = Budget − Planned − Committed − Actual (red when over-planned)';

export const MoneyStatesNote = ({ style }: { style?: React.CSSProperties }) => (
  <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0', ...style }}>
    {AVAILABLE_MEANS} · {LEFT_TO_PLAN_MEANS}
  </Typography.Paragraph>
);
