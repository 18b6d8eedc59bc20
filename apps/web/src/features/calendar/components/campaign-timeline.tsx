import { CAMPAIGN_DEPTH_NAMES, type Campaign, getHref } from '@plansmith/contract';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatBase, formatBothAmounts } from '../../../shared/format/money.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { rangeText } from '../hooks/use-campaign-dates.tsx';
import { type Coloring, textOn } from '../lib/calendar-colors.ts';
import type { CalendarRow, CampaignRow, ItemRow } from '../lib/calendar-rows.ts';
import {
  createScale,
  type DateRange,
  daysOfPixels,
  dragRange,
  moveRange,
  type Scale,
  stretchRange,
  ticksOf,
  type Zoom,
} from '../lib/timeline.ts';
import './calendar.css';

const LABEL_WIDTH = 260;
const INDENT = 16;
/** A press that moves less than this is a click (opens the details), not a drag. */
const DRAG_THRESHOLD_PX = 4;
const KEYS_HINT_ID = 'calendar-keys-hint';

type Drag = { id: string; edge: 'move' | 'start' | 'end'; originX: number; days: number; moved: boolean; pointerId: number };

export type CampaignTimelineProps = {
  rows: readonly CalendarRow[];
  axis: DateRange;
  zoom: Zoom;
  today: string;
  coloring: Coloring;
  canEdit: boolean;
  /** New dates for a campaign (drag or arrow keys). */
  onChange: (id: string, range: DateRange) => void;
  /** Enter, or a click that is not a drag: the campaign's details. */
  onOpen: (campaign: Campaign) => void;
};

const STEP_NAMES: Record<Zoom, string> = { Week: 'a week', Month: 'a month', Quarter: 'a quarter' };

/**
 * The calendar's timeline (DESIGN.md §16): a row per campaign (program → campaign → tactic) and per
 * item, bars on a day scale by zoom, a today line. Campaign bars are buttons: arrow keys move them by
 * the zoom's unit, Shift+arrow moves the end, Enter opens the details; a pointer drags the bar or
 * its edges. Item bars link to their budget item.
 */
export const CampaignTimeline = ({ rows, axis, zoom, today, coloring, canEdit, onChange, onOpen }: CampaignTimelineProps) => {
  const scale = useMemo(() => createScale(axis, zoom), [axis, zoom]);
  const ticks = useMemo(() => ticksOf(axis, zoom), [axis, zoom]);
  const scroller = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const showToday = today >= axis.start && today <= axis.end;

  // Opens at today (a little before it), or at the plan's start when today is outside the plan.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollLeft = showToday ? Math.max(0, scale.x(today) - scale.dayWidth * 14) : 0;
  }, [scale, today, showToday]);

  const width = LABEL_WIDTH + scale.width;
  const style = { '--cal-label-width': `${LABEL_WIDTH}px` } as CSSProperties;

  return (
    <div className="cal-scroll" ref={scroller} style={style}>
      <VisuallyHidden>
        <span id={KEYS_HINT_ID}>
          {canEdit
            ? `Arrow keys move the campaign by ${STEP_NAMES[zoom]}, Shift with an arrow key moves its end, Enter opens its details.`
            : 'Enter opens the campaign’s details.'}
        </span>
      </VisuallyHidden>
      <div className="cal-grid" style={{ width }}>
        <div className="cal-header">
          <div className="cal-label">Campaigns and items</div>
          <div className="cal-track" style={{ width: scale.width }}>
            {ticks.map((tick, index) => {
              const next = ticks[index + 1]?.date;
              const left = scale.x(tick.date);
              const right = next ? scale.x(next) : scale.width;
              return (
                <div key={tick.date} className="cal-tick" style={{ left, width: right - left }}>
                  {tick.label}
                </div>
              );
            })}
          </div>
        </div>
        {rows.map((row) => (
          <div
            key={row.key}
            className={`cal-row cal-row-${row.kind}${row.kind === 'campaign' && row.context ? ' cal-row-context' : ''}`}
            data-row={row.key}
          >
            <RowLabel row={row} />
            <div className="cal-track" style={{ width: scale.width }}>
              {ticks.slice(1).map((tick) => (
                <div key={tick.date} className="cal-gridline" style={{ left: scale.x(tick.date) }} />
              ))}
              {row.kind === 'campaign' ? (
                <CampaignBar
                  row={row}
                  scale={scale}
                  zoom={zoom}
                  coloring={coloring}
                  canEdit={canEdit && !row.context}
                  drag={drag?.id === row.campaign.Id ? drag : null}
                  setDrag={setDrag}
                  onChange={onChange}
                  onOpen={onOpen}
                />
              ) : row.kind === 'item' ? (
                <ItemBars row={row} scale={scale} coloring={coloring} />
              ) : null}
            </div>
          </div>
        ))}
        {showToday ? (
          <div className="cal-today" style={{ left: LABEL_WIDTH + scale.x(today) }} data-testid="today-line">
            <span className="cal-today-label">Today</span>
          </div>
        ) : null}
      </div>
    </div>
  );
};

const RowLabel = ({ row }: { row: CalendarRow }) => {
  if (row.kind === 'group') {
    return (
      <div className="cal-label">
        <span className="cal-label-text">{row.label}</span>
      </div>
    );
  }
  const indent = { paddingLeft: 12 + (row.depth - 1) * INDENT };
  if (row.kind === 'campaign') {
    return (
      <div className="cal-label" style={indent} title={row.campaign.Name}>
        <span className="cal-label-text" style={{ fontWeight: row.depth === 1 ? 600 : 400 }}>
          {row.campaign.Name}
        </span>
      </div>
    );
  }
  return (
    <div className="cal-label" style={indent} title={row.item.Name}>
      <span className="cal-label-text" style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
        {row.item.Name}
      </span>
    </div>
  );
};

type CampaignBarProps = {
  row: CampaignRow;
  scale: Scale;
  zoom: Zoom;
  coloring: Coloring;
  canEdit: boolean;
  drag: Drag | null;
  setDrag: (drag: Drag | null) => void;
  onChange: (id: string, range: DateRange) => void;
  onOpen: (campaign: Campaign) => void;
};

const CampaignBar = ({ row, scale, zoom, coloring, canEdit, drag, setDrag, onChange, onOpen }: CampaignBarProps) => {
  const { campaign } = row;
  const shown = drag ? dragRange(row.range, drag.edge, drag.days) : row.range;
  const background = coloring.ofCampaign(campaign);
  const kind = CAMPAIGN_DEPTH_NAMES[campaign.Depth];
  const draggedJustNow = useRef(false);

  // Enter and Space click the button (the details); the arrow keys change the dates.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!canEdit || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const steps = event.key === 'ArrowRight' ? 1 : -1;
    onChange(campaign.Id, event.shiftKey ? stretchRange(row.range, zoom, steps) : moveRange(row.range, zoom, steps));
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!canEdit || event.button !== 0) return;
    const edge = (event.target as HTMLElement).dataset.edge;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({
      id: campaign.Id,
      edge: edge === 'start' || edge === 'end' ? edge : 'move',
      originX: event.clientX,
      days: 0,
      moved: false,
      pointerId: event.pointerId,
    });
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.originX;
    const moved = drag.moved || Math.abs(dx) >= DRAG_THRESHOLD_PX;
    const days = moved ? daysOfPixels(dx, scale.dayWidth) : 0;
    if (moved !== drag.moved || days !== drag.days) setDrag({ ...drag, moved, days });
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (!drag.moved) return;
    // The click that follows a drag's release is not a request for the details.
    draggedJustNow.current = true;
    const next = dragRange(row.range, drag.edge, drag.days);
    if (next.start !== row.range.start || next.end !== row.range.end) onChange(campaign.Id, next);
  };

  const classes = [
    'cal-bar',
    canEdit ? 'cal-bar-editable' : '',
    row.context ? 'cal-bar-context' : '',
    drag?.moved ? 'cal-bar-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // A bar is a button: focus, Enter and the arrow keys; a pointer's click without a drag opens it too.
    <button
      type="button"
      tabIndex={row.context ? -1 : 0}
      className={classes}
      aria-label={`${kind} ${campaign.Name}, ${rangeText(shown)}`}
      aria-describedby={KEYS_HINT_ID}
      data-campaign={campaign.Id}
      style={{ left: scale.x(shown.start), width: scale.widthOf(shown), background, color: textOn(background) }}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (draggedJustNow.current) draggedJustNow.current = false;
        else onOpen(campaign);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      title={`${campaign.Name}: ${rangeText(shown)} · Budget ${formatBase(campaign.Totals.Budget)}`}
    >
      {canEdit ? <span className="cal-handle cal-handle-start" data-edge="start" aria-hidden="true" /> : null}
      <span aria-hidden="true" className="cal-bar-text">
        {drag?.moved ? rangeText(shown) : campaign.Name}
      </span>
      {canEdit ? <span className="cal-handle cal-handle-end" data-edge="end" aria-hidden="true" /> : null}
    </button>
  );
};

const ItemBars = ({ row, scale, coloring }: { row: ItemRow; scale: Scale; coloring: Coloring }) => {
  const background = coloring.ofItem(row.item, row.campaign);
  const color = textOn(background);
  const when = row.segments.map(rangeText).join(', ');
  return (
    <>
      {row.segments.map((segment, index) => {
        const style = { left: scale.x(segment.start), width: scale.widthOf(segment), background, color };
        // One stop per item for the keyboard: its first bar links to the item, the others are drawn only.
        return index === 0 ? (
          <Link
            key={segment.start}
            to={getHref('budgetItem', { id: row.item.Id })}
            className="cal-bar cal-bar-item"
            style={style}
            aria-label={`Budget item ${row.item.Name}, ${row.phased ? 'budget in' : 'unphased, runs'} ${when}`}
            title={`${row.item.Name} · ${row.item.BudgetCategoryName} · ${formatBothAmounts(row.item.Amount, row.item.Currency, row.item.BaseAmount).label}`}
          />
        ) : (
          <span key={segment.start} className="cal-bar cal-bar-item" style={style} aria-hidden="true" />
        );
      })}
    </>
  );
};
