import { LinkOutlined } from '@ant-design/icons';
import { getHref, type MarketingPlan } from '@plansmith/contract';
import { Tag, Tooltip } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';
import { PlanRowActions } from './plan-row-actions.tsx';

/** Plans of one state with their money totals and actions. */
export const PlansTable = ({
  plans,
  contextPlanId,
  onEdit,
  onShare,
  onCopyToNextYear,
  emptyText,
}: {
  plans: MarketingPlan[];
  contextPlanId: string | null;
  onEdit: (plan: MarketingPlan) => void;
  onShare: (plan: MarketingPlan) => void;
  onCopyToNextYear?: ((plan: MarketingPlan) => void) | undefined;
  emptyText: string;
}) => (
  <ResponsiveTable<MarketingPlan>
    rowKey="Id"
    dataSource={plans}
    pagination={plans.length > 20 ? { pageSize: 20 } : false}
    locale={{ emptyText }}
    scroll={{ x: 900 }}
    columns={[
      {
        title: 'Plan',
        dataIndex: 'Name',
        fixed: 'left',
        width: 220,
        render: (_value, plan) => (
          <>
            <Link to={getHref('plan', { id: plan.Id })}>{plan.Name}</Link>
            {plan.Id === contextPlanId ? <Tag style={{ marginLeft: 8 }}>Current</Tag> : null}
            {plan.ShareKey ? (
              <Tooltip title="Shared with a guest link">
                <LinkOutlined style={{ marginLeft: 8 }} aria-label="Shared" />
              </Tooltip>
            ) : null}
          </>
        ),
        sorter: (a, b) => a.Name.localeCompare(b.Name),
      },
      { title: 'Dates', key: 'dates', render: (_value, plan) => `${formatDate(plan.StartDate)} – ${formatDate(plan.EndDate)}` },
      { title: 'Items', key: 'items', align: 'right', render: (_value, plan) => plan.Totals.ItemCount },
      { title: 'Budget', key: 'budget', ...MONEY_COLUMN, render: (_value, plan) => formatBase(plan.Totals.Budget) },
      { title: 'Actual', key: 'actual', ...MONEY_COLUMN, render: (_value, plan) => formatBase(plan.Totals.Actual) },
      {
        title: 'Available',
        key: 'available',
        ...MONEY_COLUMN,
        render: (_value, plan) => formatBase(plan.Totals.Available),
      },
      { title: 'Burn rate', key: 'burn', width: 160, render: (_value, plan) => <BurnRateBar rate={plan.Totals.BurnRate} /> },
      {
        title: 'Actions',
        key: 'actions',
        align: 'right',
        render: (_value, plan) => <PlanRowActions plan={plan} onEdit={onEdit} onShare={onShare} onCopyToNextYear={onCopyToNextYear} />,
      },
    ]}
  />
);
