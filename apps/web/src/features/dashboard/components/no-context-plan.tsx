import { getHref } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/query-state.tsx';

/** Shown by the plan-wide screens until a context plan is chosen in the context bar. */
export const NoContextPlan = ({ what }: { what: string }) => (
  <Card>
    <EmptyState
      description={`Choose a plan in the context bar above to see its ${what}.`}
      action={
        <Link to={getHref('plans')}>
          <Button type="primary">Go to plans</Button>
        </Link>
      }
    />
  </Card>
);
