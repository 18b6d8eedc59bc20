import { Card, Col, Row, Statistic } from 'antd';
import { formatBase } from '../format/money.ts';
import { MoneyStatesNote } from './money-states-note.tsx';

/** The money states of a plan, an item or a guest summary (DESIGN.md §12), in dollars. */
export type MoneyFigures = { budget: number; planned: number; committed: number; actual: number; available: number; leftToPlan: number };

/**
 * Budget, Planned, Committed, Actual, Available and Left to plan as small cards, a negative one in
 * red, with what Available and Left to plan mean underneath: the same on every screen.
 */
export const MoneyStats = ({ figures, bordered = true }: { figures: MoneyFigures; bordered?: boolean }) => {
  const cards: [string, number][] = [
    ['Budget', figures.budget],
    ['Planned', figures.planned],
    ['Committed', figures.committed],
    ['Actual', figures.actual],
    ['Available', figures.available],
    ['Left to plan', figures.leftToPlan],
  ];
  return (
    <div>
      <Row gutter={[12, 12]}>
        {cards.map(([title, value]) => (
          <Col key={title} xs={12} md={8} xl={4}>
            <Card size="small" variant={bordered ? 'outlined' : 'borderless'} style={{ height: '100%' }}>
              <Statistic
                title={title}
                value={formatBase(value)}
                valueStyle={{ color: value < 0 ? '#cf1322' : undefined, fontSize: 20, overflowWrap: 'anywhere' }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <MoneyStatesNote />
    </div>
  );
};
