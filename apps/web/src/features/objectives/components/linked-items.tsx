import { type BudgetItem, getHref } from '@plansmith/contract';
import { App, Button, Card, Flex, Select, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase, formatBothAmounts } from '../../../shared/format/money.ts';
import { BothAmounts } from '../../../shared/ui/both-amounts.tsx';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useLinkItem } from '../api/objective-mutations.ts';
import { useObjectiveItems } from '../api/objective-queries.ts';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';

/**
 * The budget items that work towards the objective (their spend is its Spent), and a picker to link
 * more of the plan's items. `planItems` comes from the page (the budget feature owns that list).
 */
export const LinkedItems = ({ objectiveId, planItems, canEdit }: { objectiveId: string; planItems: BudgetItem[]; canEdit: boolean }) => {
  const items = useObjectiveItems(objectiveId);
  const link = useLinkItem();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = planItems.filter((item) => item.ObjectiveId !== objectiveId);

  const setLink = async (item: BudgetItem, target: string | null) => {
    try {
      await link.mutateAsync({ item, objectiveId: target });
      message.success(target ? `“${item.Name}” linked.` : `“${item.Name}” unlinked.`);
      setChosen(null);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  const chosenItem = candidates.find((item) => item.Id === chosen);

  return (
    <Card title="Linked budget items">
      {canEdit ? (
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="Budget item to link"
            showSearch
            optionFilterProp="label"
            placeholder={candidates.length ? 'Choose a budget item of this plan' : 'Every item of the plan is linked'}
            value={chosen}
            onChange={setChosen}
            style={{ flex: '1 1 320px' }}
            options={candidates.map((item) => ({
              value: item.Id,
              label: `${item.Name} · ${formatBothAmounts(item.Amount, item.Currency, item.BaseAmount).label}${item.ObjectiveId ? ' (linked to another objective)' : ''}`,
            }))}
          />
          <Button
            type="primary"
            disabled={!chosenItem}
            loading={link.isPending}
            onClick={() => chosenItem && void setLink(chosenItem, objectiveId)}
          >
            Link item
          </Button>
        </Flex>
      ) : null}
      {items.isPending ? (
        <LoadingState label="Loading linked items…" />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} title="The linked items could not be loaded." />
      ) : items.data.length === 0 ? (
        <EmptyState description="No budget items are linked yet. Link the items that pay for this objective to see its spend and cost per result." />
      ) : (
        <Table<BudgetItem>
          // On a phone the table scrolls sideways inside itself, never the page (DESIGN.md §12).
          scroll={{ x: 'max-content' }}
          rowKey="Id"
          size="small"
          pagination={false}
          dataSource={items.data}
          columns={[
            {
              title: 'Item',
              key: 'name',
              render: (_, row) => (
                <Link to={getHref('budgetItem', { id: row.Id })}>
                  {row.Name}
                  {row.Active ? '' : ' (inactive)'}
                </Link>
              ),
            },
            { title: 'Category', dataIndex: 'BudgetCategoryName' },
            {
              title: 'Budget',
              dataIndex: 'Amount',
              ...MONEY_COLUMN,
              render: (_: number, row: BudgetItem) => (
                <BothAmounts amount={row.Amount} currency={row.Currency} baseAmount={row.BaseAmount} />
              ),
            },
            { title: 'Spent', dataIndex: 'Actual', ...MONEY_COLUMN, render: (value: number) => formatBase(value) },
            { title: 'Burn rate', key: 'burn', width: 160, render: (_, row) => <BurnRateBar rate={row.BurnRate} /> },
            ...(canEdit
              ? [
                  {
                    title: <VisuallyHidden>Actions</VisuallyHidden>,
                    key: 'actions',
                    width: 100,
                    render: (_: unknown, row: BudgetItem) => (
                      <Button size="small" onClick={() => void setLink(row, null)} aria-label={`Unlink ${row.Name}`}>
                        Unlink
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
};
