import { CAMPAIGN_DEPTH_NAMES, type Campaign, getHref } from '@plansmith/contract';
import { Descriptions, Drawer, List, Typography } from 'antd';
import { Link } from 'react-router';
import { formatBase } from '../../../shared/format/money.ts';
import { BothAmounts } from '../../../shared/ui/both-amounts.tsx';
import { rangeText } from '../hooks/use-campaign-dates.tsx';
import type { CalendarItem } from '../lib/calendar-rows.ts';

export type CampaignDrawerProps = {
  campaign: Campaign | null;
  /** The campaign's own items (its children's are in their own details). */
  items: readonly CalendarItem[];
  parentName: string | null;
  onClose: () => void;
};

/** A campaign's details from the calendar: what it is, when, whose, its roll-ups and its items. */
export const CampaignDrawer = ({ campaign, items, parentName, onClose }: CampaignDrawerProps) => (
  <Drawer open={campaign !== null} onClose={onClose} title={campaign?.Name ?? ''} destroyOnHidden>
    {campaign ? (
      <>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'kind', label: 'Level', children: CAMPAIGN_DEPTH_NAMES[campaign.Depth] },
            ...(parentName ? [{ key: 'parent', label: 'Part of', children: parentName }] : []),
            { key: 'dates', label: 'Dates', children: rangeText({ start: campaign.StartDate, end: campaign.EndDate }) },
            { key: 'owner', label: 'Owner', children: campaign.OwnerName ?? 'No owner' },
            { key: 'budget', label: 'Budget', children: formatBase(campaign.Totals.Budget) },
            { key: 'planned', label: 'Planned', children: formatBase(campaign.Totals.Planned) },
            { key: 'committed', label: 'Committed', children: formatBase(campaign.Totals.Committed) },
            { key: 'actual', label: 'Actual', children: formatBase(campaign.Totals.Actual) },
            { key: 'forecast', label: 'Forecast', children: formatBase(campaign.Totals.Forecast) },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          Money includes everything under this {CAMPAIGN_DEPTH_NAMES[campaign.Depth].toLowerCase()}.
        </Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
          Its budget items
        </Typography.Title>
        <List
          size="small"
          dataSource={[...items]}
          locale={{ emptyText: 'No budget items of its own.' }}
          renderItem={(item) => (
            <List.Item extra={<BothAmounts amount={item.Amount} currency={item.Currency} baseAmount={item.BaseAmount} />}>
              <Link to={getHref('budgetItem', { id: item.Id })}>{item.Name}</Link>
            </List.Item>
          )}
        />
      </>
    ) : null}
  </Drawer>
);
