import type { BudgetItem } from '@plansmith/contract';
import { Card } from 'antd';
import { MoneyStats } from '../../../shared/ui/money-stats.tsx';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';

/** What has been spent on the item: actual, committed and planned expenses against its amount. */
export const BudgetItemSpend = ({ item }: { item: BudgetItem }) => (
  <Card title="Spend" size="small">
    <MoneyStats
      bordered={false}
      figures={{
        // Every figure of the item's spend is in the base currency (DESIGN.md §17).
        budget: item.BaseAmount,
        planned: item.Planned,
        committed: item.Committed,
        actual: item.Actual,
        available: item.Available,
        leftToPlan: item.LeftToPlan,
      }}
    />
    <div style={{ maxWidth: 320, marginTop: 8 }}>
      <div style={{ color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>Burn rate</div>
      <BurnRateBar rate={item.BurnRate} />
    </div>
  </Card>
);
