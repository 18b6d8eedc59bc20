import { type Campaign, monthsBetween } from '@plansmith/contract';
import type { ItemMonths } from '@plansmith/contract/budget-months';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useToday } from '../../../shared/api/today.ts';
import { KeyboardHint } from '../../../shared/ui/keyboard-hint.tsx';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { EmptyState } from '../../../shared/ui/query-state.tsx';
import { useMediaQuery } from '../../../shared/ui/use-narrow-screen.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useCampaignDates } from '../hooks/use-campaign-dates.tsx';
import { colorsFor } from '../lib/calendar-colors.ts';
import {
  buildCalendarRows,
  type CalendarFilters,
  type CalendarItem,
  type ColorBy,
  groupByMonth,
  NO_CALENDAR_FILTERS,
} from '../lib/calendar-rows.ts';
import type { Zoom } from '../lib/timeline.ts';
import { CalendarList } from './calendar-list.tsx';
import { CalendarLegend, CalendarToolbar } from './calendar-toolbar.tsx';
import { CampaignTimeline } from './campaign-timeline.tsx';

// The details drawer (antd Drawer, Descriptions, List) loads when a campaign is first opened.
const CampaignDrawer = lazyModal(
  async () => (await import('./campaign-drawer.tsx')).CampaignDrawer,
  (props: { campaign: Campaign | null }) => props.campaign !== null,
);

/** Below this width the timeline gives way to a list by month (a phone). */
const PHONE = '(max-width: 767.98px)';

export type CampaignCalendarProps = {
  plan: { Id: string; StartDate: string; EndDate: string };
  campaigns: readonly Campaign[];
  items: readonly CalendarItem[];
  months: readonly ItemMonths[];
  canEdit: boolean;
};

/**
 * /calendar's body (DESIGN.md §16): the plan's campaigns and their items on a timeline (a list by
 * month on a phone), filtered, coloured and zoomed; campaign bars move and stretch for editors.
 */
export const CampaignCalendar = ({ plan, campaigns, items, months, canEdit }: CampaignCalendarProps) => {
  const today = useToday();
  const isPhone = useMediaQuery(PHONE);
  const [filters, setFilters] = useState<CalendarFilters>(NO_CALENDAR_FILTERS);
  const [colorBy, setColorBy] = useState<ColorBy>('Campaign');
  const [zoom, setZoom] = useState<Zoom>('Month');
  const [openedId, setOpenedId] = useState<string | null>(null);
  const dates = useCampaignDates(plan.Id);
  const axis = useMemo(() => ({ start: plan.StartDate, end: plan.EndDate }), [plan.StartDate, plan.EndDate]);

  const rows = useMemo(
    () => buildCalendarRows({ campaigns, items, months, plan: axis, filters, drafts: dates.drafts }),
    [campaigns, items, months, axis, filters, dates.drafts],
  );
  const coloring = useMemo(() => colorsFor(colorBy, campaigns, rows), [colorBy, campaigns, rows]);
  const groups = useMemo(() => (isPhone ? groupByMonth(rows, monthsBetween(axis.start, axis.end)) : []), [isPhone, rows, axis]);
  const opened = campaigns.find((campaign) => campaign.Id === openedId) ?? null;
  const openedParent = opened?.ParentId ? campaigns.find((campaign) => campaign.Id === opened.ParentId) : undefined;

  const shownCampaigns = rows.filter((row) => row.kind === 'campaign' && !row.context).length;
  const shownItems = rows.filter((row) => row.kind === 'item').length;

  return (
    <>
      <CalendarToolbar
        campaigns={campaigns}
        items={items}
        filters={filters}
        onFilters={setFilters}
        colorBy={colorBy}
        onColorBy={setColorBy}
        zoom={isPhone ? null : zoom}
        onZoom={setZoom}
      />
      <CalendarLegend entries={coloring.legend} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {shownCampaigns === 1 ? '1 campaign' : `${shownCampaigns} campaigns`} · {shownItems === 1 ? '1 item' : `${shownItems} items`}
        {canEdit && !isPhone ? (
          <KeyboardHint>
            {' '}
            · Drag a bar or its edges to change its dates; on a focused bar the arrow keys move it by a {zoom.toLowerCase()}, Shift+arrow
            moves its end, Enter opens it.
          </KeyboardHint>
        ) : null}
      </Typography.Paragraph>
      {rows.length === 0 ? (
        <Panel>
          <EmptyState
            description="Nothing matches these filters."
            action={<Button onClick={() => setFilters(NO_CALENDAR_FILTERS)}>Clear filters</Button>}
          />
        </Panel>
      ) : isPhone ? (
        <CalendarList groups={groups} coloring={coloring} onOpen={(campaign) => setOpenedId(campaign.Id)} />
      ) : (
        <CampaignTimeline
          rows={rows}
          axis={axis}
          zoom={zoom}
          today={today}
          coloring={coloring}
          canEdit={canEdit}
          onChange={dates.change}
          onOpen={(campaign) => setOpenedId(campaign.Id)}
        />
      )}
      <VisuallyHidden>
        <span role="status">{dates.announcement}</span>
      </VisuallyHidden>
      <CampaignDrawer
        campaign={opened}
        items={items.filter((item) => opened !== null && item.CampaignId === opened.Id)}
        parentName={openedParent?.Name ?? null}
        onClose={() => setOpenedId(null)}
      />
      {dates.dialog}
    </>
  );
};
