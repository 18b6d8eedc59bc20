import { CAMPAIGN_DEPTH_NAMES, type Campaign, getHref } from '@plansmith/contract';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { formatBothAmounts } from '../../../shared/format/money.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { rangeText } from '../hooks/use-campaign-dates.tsx';
import { type Coloring, NEUTRAL } from '../lib/calendar-colors.ts';
import type { CampaignRow, ItemRow, MonthGroup } from '../lib/calendar-rows.ts';
import { monthTitle } from '../lib/timeline.ts';
import './calendar.css';

const dot = (color: string) => <span aria-hidden="true" className="cal-legend-dot" style={{ background: color, marginTop: 6 }} />;

/** A month's rows as its campaigns, each with the items it has in that month; the items without a campaign last. */
type Section = { key: string; campaign: CampaignRow | null; items: ItemRow[] };
const sectionsOf = (group: MonthGroup): Section[] => {
  const sections = new Map<string, Section>();
  for (const row of group.rows) {
    const key = row.kind === 'campaign' ? row.campaign.Id : (row.campaign?.Id ?? 'none');
    const section = sections.get(key) ?? { key, campaign: null, items: [] };
    if (row.kind === 'campaign') section.campaign = row;
    else section.items.push(row);
    sections.set(key, section);
  }
  // Items whose campaign does not run this month (their phasing reaches past its dates) still show, under its name.
  return [...sections.values()].sort((a, b) => Number(a.key === 'none') - Number(b.key === 'none'));
};

/** A phased item's month: its own amount, and the base one beside it when in another currency (DESIGN.md §17). */
const monthAmount = (item: ItemRow['item'], month: { Amount: number; BaseAmount: number } | undefined): string =>
  formatBothAmounts(month?.Amount ?? 0, item.Currency, month?.BaseAmount ?? 0).label;

const ItemList = ({ items, month, coloring }: { items: readonly ItemRow[]; month: string; coloring: Coloring }) => (
  <details>
    <summary style={{ cursor: 'pointer' }}>
      <Typography.Text type="secondary">{items.length === 1 ? '1 budget item' : `${items.length} budget items`}</Typography.Text>
    </summary>
    <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {items.map((row) => (
        <li key={row.key} style={{ display: 'flex', gap: 8 }}>
          {dot(coloring.ofItem(row.item, row.campaign))}
          <div style={{ minWidth: 0 }}>
            <Link to={getHref('budgetItem', { id: row.item.Id })}>{row.item.Name}</Link>
            <div>
              <Typography.Text type="secondary">
                {row.item.BudgetCategoryName}
                {row.phased
                  ? ` · ${monthAmount(row.item, row.months.get(month))} this month`
                  : ` · ${formatBothAmounts(row.item.Amount, row.item.Currency, row.item.BaseAmount).label}, unphased`}
              </Typography.Text>
            </div>
          </div>
        </li>
      ))}
    </ul>
  </details>
);

/**
 * The calendar on a phone (390 px): a list by month, each month with the campaigns running in it
 * and, folded under each, its items with budget that month. A campaign opens its details; an item
 * links to its budget item.
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
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 }}
        >
          {sectionsOf(group).map((section) => {
            const campaign = section.campaign?.campaign ?? section.items[0]?.campaign ?? null;
            const depth = section.campaign?.depth ?? campaign?.Depth ?? 1;
            return (
              <li key={section.key} style={{ display: 'flex', gap: 8, paddingLeft: (depth - 1) * 12 }}>
                {dot(campaign ? coloring.ofCampaign(campaign) : NEUTRAL)}
                <div style={{ minWidth: 0 }}>
                  {campaign ? (
                    <>
                      <button
                        type="button"
                        className="cal-link-button"
                        onClick={() => onOpen(campaign)}
                        style={{ fontWeight: depth === 1 ? 600 : 400 }}
                      >
                        {campaign.Name}
                      </button>
                      <div>
                        <Typography.Text type="secondary">
                          {CAMPAIGN_DEPTH_NAMES[campaign.Depth]} ·{' '}
                          {rangeText(section.campaign?.range ?? { start: campaign.StartDate, end: campaign.EndDate })}
                          {campaign.OwnerName ? ` · ${campaign.OwnerName}` : ''}
                        </Typography.Text>
                      </div>
                    </>
                  ) : (
                    <Typography.Text strong>No campaign</Typography.Text>
                  )}
                  {section.items.length > 0 ? <ItemList items={section.items} month={group.month} coloring={coloring} /> : null}
                </div>
              </li>
            );
          })}
        </ul>
      </Panel>
    ))}
  </div>
);
