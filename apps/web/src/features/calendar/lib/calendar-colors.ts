import type { Campaign } from '@plansmith/contract';
import type { CalendarItem, CalendarRow, ColorBy } from './calendar-rows.ts';

/** Colours dark enough for white text (WCAG AA, 4.5:1), told apart from their neighbours. */
export const PALETTE = ['#0958d9', '#237804', '#ad4e00', '#531dab', '#c41d7f', '#006d75', '#a8071a', '#3f6600', '#10239e', '#614700'];
/** Bars with nothing to colour them by: no owner, no campaign, a campaign under category colours. */
export const NEUTRAL = '#595959';

export type LegendEntry = { key: string; label: string; color: string };
export type Coloring = {
  ofCampaign: (campaign: Campaign) => string;
  ofItem: (item: CalendarItem, campaign: Campaign | null) => string;
  legend: LegendEntry[];
};

/** Black or white, whichever reads better on `background` (#rrggbb): a person may pick a light colour. */
export const textOn = (background: string): '#000000' | '#ffffff' => {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
};

const paletteOf = (keys: readonly string[]) => new Map(keys.map((key, index) => [key, PALETTE[index % PALETTE.length] ?? NEUTRAL]));

/**
 * The bars' colours and the legend for a colouring:
 * - Campaign: a campaign's own Color, else its parent's, else a colour per program; items take their campaign's.
 * - Category: a colour per category of the items shown; campaign bars stay neutral.
 * - Owner: a colour per campaign owner; items take their campaign's owner's; nobody's is neutral.
 */
export const colorsFor = (colorBy: ColorBy, campaigns: readonly Campaign[], rows: readonly CalendarRow[]): Coloring => {
  const byId = new Map(campaigns.map((campaign) => [campaign.Id, campaign]));
  if (colorBy === 'Campaign') {
    const programs = paletteOf(campaigns.filter((campaign) => campaign.ParentId === null).map((campaign) => campaign.Id));
    const cache = new Map<string, string>();
    const ofCampaign = (campaign: Campaign): string => {
      const known = cache.get(campaign.Id);
      if (known) return known;
      const parent = campaign.ParentId ? byId.get(campaign.ParentId) : undefined;
      const color = campaign.Color ?? (parent ? ofCampaign(parent) : (programs.get(campaign.Id) ?? NEUTRAL));
      cache.set(campaign.Id, color);
      return color;
    };
    const legend = rows.flatMap((row) =>
      row.kind === 'campaign' && row.depth === 1
        ? [{ key: row.campaign.Id, label: row.campaign.Name, color: ofCampaign(row.campaign) }]
        : [],
    );
    const hasLoose = rows.some((row) => row.kind === 'item' && row.campaign === null);
    return {
      ofCampaign,
      ofItem: (_item, campaign) => (campaign ? ofCampaign(campaign) : NEUTRAL),
      legend: hasLoose ? [...legend, { key: 'none', label: 'No campaign', color: NEUTRAL }] : legend,
    };
  }
  if (colorBy === 'Category') {
    const names = new Map<string, string>();
    for (const row of rows) if (row.kind === 'item') names.set(row.item.BudgetCategoryId, row.item.BudgetCategoryName);
    const ids = [...names.keys()].sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? ''));
    const colors = paletteOf(ids);
    return {
      ofCampaign: () => NEUTRAL,
      ofItem: (item) => colors.get(item.BudgetCategoryId) ?? NEUTRAL,
      legend: ids.map((id) => ({ key: id, label: names.get(id) ?? '', color: colors.get(id) ?? NEUTRAL })),
    };
  }
  const owners = new Map<string, string>();
  for (const campaign of campaigns) if (campaign.OwnerId) owners.set(campaign.OwnerId, campaign.OwnerName ?? 'Someone');
  const ids = [...owners.keys()].sort((a, b) => (owners.get(a) ?? '').localeCompare(owners.get(b) ?? ''));
  const colors = paletteOf(ids);
  const ofCampaign = (campaign: Campaign) => (campaign.OwnerId ? (colors.get(campaign.OwnerId) ?? NEUTRAL) : NEUTRAL);
  const shownOwners = new Set(rows.flatMap((row) => (row.kind === 'campaign' && row.campaign.OwnerId ? [row.campaign.OwnerId] : [])));
  const hasNobody = rows.some(
    (row) => (row.kind === 'campaign' && !row.campaign.OwnerId) || (row.kind === 'item' && !row.campaign?.OwnerId),
  );
  return {
    ofCampaign,
    ofItem: (_item, campaign) => (campaign ? ofCampaign(campaign) : NEUTRAL),
    legend: [
      ...ids.filter((id) => shownOwners.has(id)).map((id) => ({ key: id, label: owners.get(id) ?? '', color: colors.get(id) ?? NEUTRAL })),
      ...(hasNobody ? [{ key: 'none', label: 'No owner', color: NEUTRAL }] : []),
    ],
  };
};
