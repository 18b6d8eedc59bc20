import { getHref } from '@plansmith/contract';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { formatBase } from '../../../shared/format/money.ts';
import { ErrorState } from '../../../shared/ui/query-state.tsx';
import { useExpensePage } from '../api/expense-queries.ts';
import { BurnRateBar } from '../../../shared/ui/burn-rate-bar.tsx';

/** The budget item an expense is spent against, with its burn rate (actual ÷ amount) as of now. */
export const ItemBurnRateCard = ({ itemId }: { itemId: string }) => {
  const page = useExpensePage({ BudgetItemId: itemId, PageSize: 1 });
  const item = page.data?.BudgetItem;
  return (
    <Card size="small" title="Budget item" loading={page.isLoading} aria-label="Budget item burn rate">
      {page.isError ? (
        <ErrorState error={page.error} onRetry={() => void page.refetch()} title="The budget item could not be loaded." />
      ) : item ? (
        <>
          <Link to={getHref('budgetItem', { id: item.Id })}>{item.Name}</Link>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
            {formatBase(item.Actual)} actual{item.Committed > 0 ? ` and ${formatBase(item.Committed)} committed` : ''} of{' '}
            {formatBase(item.Amount)}
          </Typography.Paragraph>
          <BurnRateBar rate={item.BurnRate} spent={{ actual: item.Actual, budget: item.Amount }} size="default" />
        </>
      ) : null}
    </Card>
  );
};
