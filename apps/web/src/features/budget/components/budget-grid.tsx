import { RightOutlined } from '@ant-design/icons';
import { type BudgetItem, CATEGORY_TYPE_NAMES, currencyDigits, customFieldText, getHref, ITEM_TYPE_NAMES } from '@plansmith/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { App, Tag, Tooltip } from 'antd';
import { type CSSProperties, memo, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBothAmounts, formatBase } from '../../../shared/format/money.ts';
import { BothAmounts } from '../../../shared/ui/both-amounts.tsx';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';
import { type BudgetRow, type MoneySums, parseDollars, sameSums } from '../lib/budget-rows.ts';
import { EditableCell } from '../../../shared/ui/editable-cell.tsx';
import { itemMoneyStates, MoneyStateCells, MoneyStateHeaders } from './money-state-cells.tsx';
import { useItemSave } from './use-item-save.tsx';
import './budget-grid.css';

const ROW_HEIGHT = 44;
/** budget-grid.css: `.budget-grid-inner`'s min-width and `.budget-grid-scroll`'s max-height. */
const GRID_MIN_WIDTH = 1050;
const scrollerHeight = () => Math.max(360, (typeof window === 'undefined' ? 0 : window.innerHeight) - 470);

const Cell = ({
  children,
  className,
  label,
  style,
}: {
  children?: ReactNode;
  className?: string;
  label?: string;
  style?: CSSProperties;
}) => (
  <td className={className} aria-label={label} style={style}>
    {children}
  </td>
);

const MoneyCells = ({ sums }: { sums: MoneySums }) => (
  <>
    <MoneyStateCells sums={sums} />
    <Cell>
      <BurnRateBar rate={sums.burnRate} />
    </Cell>
    <Cell />
  </>
);

type FieldChange = { Name?: string; Amount?: number };
type RowSave = { amount: (item: BudgetItem, text: string) => Promise<boolean>; name: (item: BudgetItem, text: string) => Promise<boolean> };
type RowCellsProps = {
  row: BudgetRow;
  canEdit: boolean;
  withCampaign: boolean;
  /** The item's campaign name ('' when none or for a group row). */
  campaignName: string;
  fieldColumns: readonly { id: string; name: string }[];
  /** Columns a group row's name spans when custom field columns are shown (0 when none). */
  leading: number;
  onSave: RowSave;
};

/** Unchanged when the item is the same object (the query keeps an unchanged item's object) or the group's figures are equal. */
const sameRow = (a: BudgetRow, b: BudgetRow) => {
  if (a.kind === 'item') return b.kind === 'item' && a.item === b.item;
  if (b.kind === 'item') return false;
  return a.name === b.name && a.categoryType === b.categoryType && a.tag === b.tag && sameSums(a.sums, b.sums);
};

/**
 * One grid row's cells. Memoised: the page draws again as its later data arrives (the first paint's
 * follow-up, campaigns, custom fields, the filters), and each time every row in view was drawn again
 * (its Progress bar, editable cells, links) though nothing in it had changed.
 */
/** One empty list for every draw without field columns (a new [] each time would draw every row again). */
const NO_FIELD_COLUMNS: readonly { id: string; name: string }[] = [];

const RowCells = memo(
  ({ row, canEdit, withCampaign, campaignName, fieldColumns, leading, onSave }: RowCellsProps) => {
    if (row.kind === 'category') {
      return (
        <>
          <Cell style={leading ? { gridColumn: `span ${leading}` } : undefined}>
            {row.name}{' '}
            {row.tag === undefined ? (
              <Tag style={{ marginLeft: 6 }}>{CATEGORY_TYPE_NAMES[row.categoryType]}</Tag>
            ) : row.tag ? (
              <Tag style={{ marginLeft: 6 }}>{row.tag}</Tag>
            ) : null}
            <span style={{ fontWeight: 400, color: '#595959' }}>{row.sums.count === 1 ? '1 item' : `${row.sums.count} items`}</span>
          </Cell>
          <Cell className="num">{formatBase(row.sums.budget)}</Cell>
          <MoneyCells sums={row.sums} />
        </>
      );
    }
    const { item } = row;
    const amount = (
      <EditableCell
        value={item.Amount.toFixed(currencyDigits(item.Currency))}
        // An item in another currency shows its own amount and the base one: "€1,200.00 ($1,299.00)" (DESIGN.md §17).
        display={formatBothAmounts(item.Amount, item.Currency, item.BaseAmount).label}
        shown={<BothAmounts amount={item.Amount} currency={item.Currency} baseAmount={item.BaseAmount} />}
        label={`Amount of ${item.Name}`}
        disabled={!canEdit}
        align="right"
        onSave={(text) => onSave.amount(item, text)}
      />
    );
    return (
      <>
        <Cell className="item-name">
          <EditableCell
            value={item.Name}
            display={item.Name}
            label={`Name of ${item.Name}`}
            disabled={!canEdit}
            onSave={(text) => onSave.name(item, text)}
          />
        </Cell>
        {withCampaign ? <Cell className="budget-grid-campaign">{campaignName}</Cell> : null}
        {fieldColumns.map((field) => (
          <Cell key={field.id} className="budget-grid-campaign">
            {customFieldText(item.CustomFields[field.id])}
          </Cell>
        ))}
        <Cell>
          {/* Only phased items have a tooltip: an antd Tooltip on each of the ~20 rows drawn costs the first paint. */}
          {item.IsPhased ? (
            <Tooltip title="Phased by month: change the months with the amount on the item’s page.">
              <div>{amount}</div>
            </Tooltip>
          ) : (
            <div>{amount}</div>
          )}
        </Cell>
        <MoneyStateCells sums={itemMoneyStates(item)} />
        <Cell>
          <BurnRateBar rate={item.BurnRate} />
        </Cell>
        <Cell>
          <Link to={getHref('budgetItem', { id: item.Id })} aria-label={`Open ${item.Name} (${ITEM_TYPE_NAMES[item.ItemType]})`}>
            <RightOutlined />
          </Link>
        </Cell>
      </>
    );
  },
  (a, b) =>
    a.canEdit === b.canEdit &&
    a.withCampaign === b.withCampaign &&
    a.campaignName === b.campaignName &&
    a.fieldColumns === b.fieldColumns &&
    a.leading === b.leading &&
    a.onSave === b.onSave &&
    sameRow(a.row, b.row),
);

/**
 * The budget items grouped by category, virtualised (only the rows in view are in the page, so
 * 2,000 items stay responsive). Names and amounts are edited in place with the keyboard.
 */
export const BudgetGrid = ({
  rows,
  totals,
  canEdit,
  campaignNames,
  fieldColumns = NO_FIELD_COLUMNS,
}: {
  rows: BudgetRow[];
  totals: MoneySums;
  canEdit: boolean;
  /** Campaign id → name (DESIGN.md §16): given when the plan has campaigns, the grid shows a Campaign column. */
  campaignNames?: ReadonlyMap<string, string>;
  /** BudgetItem custom fields shown as columns after Item (and Campaign), in this order. */
  fieldColumns?: readonly { id: string; name: string }[];
}) => {
  const withCampaign = Boolean(campaignNames);
  // Columns before Budget that a group row's name runs over (Item, Campaign, the fields).
  const leading = 1 + (withCampaign ? 1 : 0) + fieldColumns.length;
  const withFields = fieldColumns.length > 0;
  const fieldStyle = withFields
    ? ({
        '--budget-grid-columns': [
          withCampaign ? 'minmax(170px, 2fr) minmax(100px, 1.1fr)' : 'minmax(170px, 2fr)',
          `repeat(${fieldColumns.length}, minmax(96px, 1fr))`,
          'minmax(112px, 1.2fr) repeat(5, minmax(88px, 1fr)) 112px 32px',
        ].join(' '),
        '--budget-grid-min-width': `${(withCampaign ? 1090 : 1050) + 104 * fieldColumns.length}px`,
      } as CSSProperties)
    : undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const save = useItemSave();
  const { message } = App.useApp();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows drawn beyond the ~8–10 in view: enough for Tab and the arrow keys to find the next row;
    // every extra row is work for the first paint.
    overscan: 4,
    // The scroller's size before it is measured. Left at 0, the first draw had only the overscan
    // rows and measuring it in the commit redrew the grid at once, in the same task (~90 ms at 4×
    // CPU on a phone); guessed as budget-grid.css sizes it, the first draw already has the rows.
    initialRect: { width: GRID_MIN_WIDTH, height: scrollerHeight() },
  });

  const saveField = async (item: BudgetItem, change: FieldChange): Promise<boolean> => {
    try {
      const saved = await save.saveItem(
        {
          Id: item.Id,
          Version: item.Version,
          Name: change.Name ?? item.Name,
          Description: item.Description,
          Active: item.Active,
          Amount: change.Amount ?? item.Amount,
          ItemType: item.ItemType,
          BudgetCategoryId: item.BudgetCategoryId,
          MarketingPlanId: item.MarketingPlanId,
          ObjectiveId: item.ObjectiveId,
          GeneralLedgerCodeId: item.GeneralLedgerCodeId,
        },
        // The item as the grid shows it: a merge keeps of this edit only the changed cell.
        item,
      );
      return saved !== null;
    } catch (error) {
      message.error(errorMessage(error));
      return false;
    }
  };

  // The rows' cells are drawn by RowCells (memoised): they get one stable save function that always
  // runs the latest saveField, so a row is drawn again only when what it shows changes.
  const latestSave = useRef(saveField);
  latestSave.current = saveField;
  const [onSave] = useState(() => ({
    amount: async (item: BudgetItem, text: string) => {
      const parsed = parseDollars(text);
      if ('error' in parsed) {
        message.error(parsed.error);
        return false;
      }
      return latestSave.current(item, { Amount: parsed.value });
    },
    name: async (item: BudgetItem, text: string) => {
      if (!text.trim()) {
        message.error('Please enter a name.');
        return false;
      }
      return latestSave.current(item, { Name: text.trim() });
    },
  }));

  return (
    // On a narrow screen the grid's head, rows and total scroll sideways together; the page does not.
    <div className={`budget-grid${withCampaign ? ' with-campaign' : ''}${withFields ? ' with-fields' : ''}`} style={fieldStyle}>
      {save.dialog}
      <div className="budget-grid-inner">
        <table aria-label="Budget items" aria-rowcount={rows.length + 2}>
          <thead>
            <tr className="budget-grid-row budget-grid-head">
              <th scope="col">Item</th>
              {withCampaign ? <th scope="col">Campaign</th> : null}
              {fieldColumns.map((field) => (
                <th key={field.id} scope="col">
                  {field.name}
                </th>
              ))}
              <th scope="col" className="num">
                Budget
              </th>
              <MoneyStateHeaders />
              <th scope="col">Burn rate</th>
              <th scope="col">
                <span className="budget-grid-hidden-label">Open</span>
              </th>
            </tr>
          </thead>
        </table>
        <div ref={scrollRef} className="budget-grid-scroll">
          <table aria-label="Budget items by category">
            <tbody style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((virtual) => {
                const row = rows[virtual.index] as BudgetRow;
                return (
                  <tr
                    key={row.key}
                    aria-rowindex={virtual.index + 2}
                    data-testid={row.kind === 'category' ? `category-${row.name}` : `item-${row.item.Name}`}
                    className={`budget-grid-row${row.kind === 'category' ? ' budget-grid-category' : ''}`}
                    style={{ height: ROW_HEIGHT, transform: `translateY(${virtual.start}px)` }}
                  >
                    <RowCells
                      row={row}
                      canEdit={canEdit}
                      withCampaign={withCampaign}
                      campaignName={row.kind === 'item' && row.item.CampaignId ? (campaignNames?.get(row.item.CampaignId) ?? '') : ''}
                      fieldColumns={fieldColumns}
                      leading={withFields ? leading : 0}
                      onSave={onSave}
                    />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <table aria-label="Budget total">
          <tfoot>
            <tr className="budget-grid-row budget-grid-foot" data-testid="budget-total">
              <Cell>Total ({totals.count === 1 ? '1 item' : `${totals.count} items`})</Cell>
              {withCampaign ? <Cell /> : null}
              {fieldColumns.map((field) => (
                <Cell key={field.id} />
              ))}
              <Cell className="num">{formatBase(totals.budget)}</Cell>
              <MoneyCells sums={totals} />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
};
