import { Card } from 'antd';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState } from '../../shared/ui/query-state.tsx';

/** An area whose screens are not built yet: its title and an honest empty state, never sample data. */
export const AreaPlaceholder = ({ title, description }: { title: string; description: string }) => (
  <>
    <PageHeader title={title} />
    <Card>
      <EmptyState description={description} />
    </Card>
  </>
);
