import type { Campaign } from '@plansmith/contract';
import { Button, Flex, Segmented, Select } from 'antd';
import type { LegendEntry } from '../lib/calendar-colors.ts';
import { type CalendarFilters, type CalendarItem, type ColorBy, hasCalendarFilters, NO_CALENDAR_FILTERS } from '../lib/calendar-rows.ts';
import { ZOOMS, type Zoom } from '../lib/timeline.ts';
import './calendar.css';

const ALL = 'all';
const SELECT_WIDTH = 200;

type ToolbarProps = {
  campaigns: readonly Campaign[];
  items: readonly CalendarItem[];
  filters: CalendarFilters;
  onFilters: (filters: CalendarFilters) => void;
  colorBy: ColorBy;
  onColorBy: (colorBy: ColorBy) => void;
  /** Null on a phone, where the list by month has no zoom. */
  zoom: Zoom | null;
  onZoom: (zoom: Zoom) => void;
};

/** The calendar's filters (campaign, category, owner), its colouring and its zoom. */
export const CalendarToolbar = ({ campaigns, items, filters, onFilters, colorBy, onColorBy, zoom, onZoom }: ToolbarProps) => {
  const categories = new Map<string, string>();
  for (const item of items) categories.set(item.BudgetCategoryId, item.BudgetCategoryName);
  const owners = new Map<string, string>();
  for (const campaign of campaigns) if (campaign.OwnerId) owners.set(campaign.OwnerId, campaign.OwnerName ?? 'Someone');
  const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1]);
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <Select<string>
        aria-label="Campaign"
        style={{ width: SELECT_WIDTH }}
        value={filters.campaignId ?? ALL}
        onChange={(value) => onFilters({ ...filters, campaignId: value === ALL ? null : value })}
        showSearch
        optionFilterProp="label"
        options={[
          { value: ALL, label: 'All campaigns' },
          // Indented by level, in tree order, so a tactic reads under its campaign.
          ...campaigns.map((campaign) => ({ value: campaign.Id, label: `${'\u2003'.repeat(campaign.Depth - 1)}${campaign.Name}` })),
        ]}
      />
      <Select<string>
        aria-label="Category"
        style={{ width: SELECT_WIDTH }}
        value={filters.categoryId ?? ALL}
        onChange={(value) => onFilters({ ...filters, categoryId: value === ALL ? null : value })}
        showSearch
        optionFilterProp="label"
        options={[{ value: ALL, label: 'All categories' }, ...[...categories].sort(byName).map(([value, label]) => ({ value, label }))]}
      />
      <Select<string>
        aria-label="Owner"
        style={{ width: SELECT_WIDTH }}
        value={filters.ownerId ?? ALL}
        onChange={(value) => onFilters({ ...filters, ownerId: value === ALL ? null : value })}
        options={[{ value: ALL, label: 'All owners' }, ...[...owners].sort(byName).map(([value, label]) => ({ value, label }))]}
      />
      {hasCalendarFilters(filters) ? <Button onClick={() => onFilters(NO_CALENDAR_FILTERS)}>Clear filters</Button> : null}
      <Flex gap={8} wrap align="center">
        <span id="calendar-color-by">Colour by</span>
        <Segmented<ColorBy>
          aria-labelledby="calendar-color-by"
          value={colorBy}
          options={['Campaign', 'Category', 'Owner']}
          onChange={onColorBy}
        />
      </Flex>
      {zoom ? <Segmented<Zoom> aria-label="Zoom" value={zoom} options={[...ZOOMS]} onChange={onZoom} /> : null}
    </Flex>
  );
};

/** What each colour means under the current colouring. */
export const CalendarLegend = ({ entries }: { entries: readonly LegendEntry[] }) =>
  entries.length === 0 ? null : (
    <ul
      aria-label="Colours"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', listStyle: 'none', margin: '0 0 12px', padding: 0 }}
    >
      {entries.map((entry) => (
        <li key={entry.key} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, overflowWrap: 'anywhere' }}>
          <span aria-hidden="true" className="cal-legend-dot" style={{ background: entry.color }} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
