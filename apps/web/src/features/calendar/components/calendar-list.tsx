import { CAMPAIGN_DEPTH_NAMES, type Campaign, getHref } from '@plansmith/contract';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { formatUsd } from '../../../shared/format/money.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { rangeText } from '../hooks/use-campaign-dates.tsx';
import type { Coloring } from '../lib/calendar-colors.ts';
import type { MonthGroup } from '../lib/calendar-rows.ts';
import './calendar.css';
import { monthTitle } from '../lib/timeline.ts';

const dot = (color: string) => <span aria-hidden="true" className="cal-legend-dot" style={{ background: color, marginTop: 6 }} />;

/**
 * The calendar on a phone (390 px): a list by month, each month with the campaigns running in it
 * and the items with budget in it. A campaign opens its details; an item links to its budget item.
 */
export const CalendarList = ({
  groups,
  coloring,
  onOpen,
}: {
  groups: readonly MonthGroup[];
  coloring: Coloring;
  onOpen: (campaign: Campaign) => void;
}) => (
  <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
    {groups.map((group) => (
      <Panel key={group.month} size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{monthTitle(group.month)}</h2>}>
        <ul
          aria-label={monthTitle(group.month)}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {group.rows.map((row) =>
            row.kind === 'campaign' ? (
              <li key={row.key} style={{ display: 'flex', gap: 8, paddingLeft: (row.depth - 1) * 12 }}>
                {dot(coloring.ofCampaign(row.campaign))}
                <div style={{ minWidth: 0 }}>
                  <button
                    type="button"
                    className="cal-link-button"
                    onClick={() => onOpen(row.campaign)}
                    style={{ fontWeight: row.depth === 1 ? 600 : 400 }}
                  >
                    {row.campaign.Name}
                  </button>
                  <div>
                    <Typography.Text type="secondary">
                      {CAMPAIGN_DEPTH_NAMES[row.campaign.Depth]} · {rangeText(row.range)}
                      {row.campaign.OwnerName ? ` · ${row.campaign.OwnerName}` : ''}
                    </Typography.Text>
                  </div>
                </div>
              </li>
            ) : (
              <li key={row.key} style={{ display: 'flex', gap: 8, paddingLeft: (row.depth - 1) * 12 }}>
                {dot(coloring.ofItem(row.item, row.campaign))}
                <div style={{ minWidth: 0 }}>
                  <Link to={getHref('budgetItem', { id: row.item.Id })}>{row.item.Name}</Link>
                  <div>
                    <Typography.Text type="secondary">
                      {row.item.BudgetCategoryName}
                      {row.phased
                        ? ` · ${formatUsd(row.months.get(group.month) ?? 0)} this month`
                        : ` · ${formatUsd(row.item.Amount)}, unphased`}
                    </Typography.Text>
                  </div>
                </div>
              </li>
            ),
          )}
        </ul>
      </Panel>
    ))}
  </div>
);
