import type { SpendingCategory } from '@plansmith/contract';
import { Flex, List, Progress, Typography } from 'antd';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';
import { EmptyState } from '../../../shared/ui/query-state.tsx';

/** The categories with the most actual spend, each against its budget. */
export const TopCategories = ({ categories }: { categories: SpendingCategory[] }) =>
  categories.length === 0 ? (
    <EmptyState description="No spending recorded yet." />
  ) : (
    <List
      size="small"
      dataSource={categories}
      renderItem={(category) => {
        const rate = category.Budgeted > 0 ? category.Actual / category.Budgeted : 0;
        return (
          <List.Item>
            <Flex vertical style={{ width: '100%' }}>
              <Typography.Text strong>{category.Name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatBase(category.Actual)} of {formatBase(category.Budgeted)}
              </Typography.Text>
              <Progress
                percent={Math.round(rate * 100)}
                status={rate > 1 ? 'exception' : 'normal'}
                format={() => formatPercent(rate)}
                size="small"
                aria-label={`${category.Name} ${formatPercent(rate)} spent`}
              />
            </Flex>
          </List.Item>
        );
      }}
    />
  );
