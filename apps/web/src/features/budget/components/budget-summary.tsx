import { ITEM_TYPE_NAMES, type ItemType } from '@plansmith/contract';
import { Col, Row, Statistic } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { type MoneySums, sameSums } from '../lib/budget-rows.ts';
import { memo } from 'react';
import './budget-grid.css';

/**
 * Headline figures of the items shown, and their subtotals per item type. The subtotals are a plain
 * table (two rows at most) drawn like antd's small Table, which would add ~60 KB to /budget's first load.
 */
type SummaryProps = { totals: MoneySums; byType: { itemType: ItemType; sums: MoneySums }[] };

const BudgetSummaryFigures = ({ totals, byType }: SummaryProps) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    <Col xs={24} xl={12}>
      <Row gutter={[12, 12]}>
        {[
          ['Budget', totals.budget],
          ['Planned', totals.planned],
          ['Committed', totals.committed],
          ['Actual', totals.actual],
          ['Available', totals.available],
          ['Left to plan', totals.leftToPlan],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={8} xl={8}>
            <Panel size="small">
              <Statistic
                title={title}
                value={formatBase(Number(value))}
                valueStyle={{ color: Number(value) < 0 ? '#cf1322' : undefined, fontSize: 20 }}
              />
            </Panel>
          </Col>
        ))}
      </Row>
    </Col>
    <Col xs={24} xl={12}>
      <Panel size="small" title="Subtotals by item type">
        {/* On a phone the subtotals scroll sideways inside their panel, not the page. */}
        <div className="budget-subtotals-scroll">
          <table className="budget-subtotals" aria-label="Subtotals by item type">
            <thead>
              <tr>
                <th scope="col">Item type</th>
                <th scope="col" className="budget-subtotals-number">
                  Items
                </th>
                <th scope="col" className="budget-subtotals-number">
                  Budget
                </th>
                <th scope="col" className="budget-subtotals-number">
                  Actual
                </th>
                <th scope="col" style={{ width: 150 }}>
                  Burn rate
                </th>
              </tr>
            </thead>
            <tbody>
              {byType.map(({ itemType, sums }) => (
                <tr key={itemType}>
                  <td>{ITEM_TYPE_NAMES[itemType]}</td>
                  <td className="budget-subtotals-number">{sums.count}</td>
                  <td className="budget-subtotals-number">{formatBase(sums.budget)}</td>
                  <td className="budget-subtotals-number">{formatBase(sums.actual)}</td>
                  <td>
                    <BurnRateBar rate={sums.burnRate} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </Col>
  </Row>
);

/** Drawn again only when a figure changes, not each time the page does as its later data arrives. */
export const BudgetSummary = memo(
  BudgetSummaryFigures,
  (a, b) =>
    sameSums(a.totals, b.totals) &&
    a.byType.length === b.byType.length &&
    a.byType.every((entry, index) => entry.itemType === b.byType[index]?.itemType && sameSums(entry.sums, b.byType[index].sums)),
);
