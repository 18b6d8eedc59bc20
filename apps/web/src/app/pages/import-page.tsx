import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import type { ImportKind } from '@plansmith/contract/imports';
import { Button, Segmented } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { BudgetReasonProvider } from '../../features/budget/components/budget-reason.tsx';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ImportWithReason } from '../import-with-reason.tsx';

/** The `kind` query value of /import: `expenses` (the default) or `budget-items`. */
const KINDS: Record<string, ImportKind> = { expenses: 'Expenses', 'budget-items': 'BudgetItems' };
const QUERY_OF: Record<ImportKind, string> = { Expenses: 'expenses', BudgetItems: 'budget-items' };

/** /import?kind=…: reached from the Import buttons of /expenses and /budget. */
export const ImportPage = () => {
  const { plan, plans } = useContextPlan();
  const [search, setSearch] = useSearchParams();
  const kind = KINDS[search.get('kind') ?? ''] ?? 'Expenses';
  const canEdit = Boolean(plan?.Permissions.CanEditBudget) && plan?.State !== PLAN_STATE_ARCHIVED;
  const listLink =
    kind === 'Expenses' ? (
      <Link to={getHref('expenses')}>
        <Button type="primary">Go to expenses</Button>
      </Link>
    ) : (
      <Link to={getHref('budget')}>
        <Button type="primary">Go to the budget</Button>
      </Link>
    );
  return (
    <ContextPlanGate
      title="Import"
      what="imports"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => (
        <>
          <PageHeader
            title={kind === 'Expenses' ? 'Import expenses' : 'Import budget items'}
            subtitle={`Into ${plan?.Name ?? 'the context plan'}, from a CSV or Excel file`}
            actions={
              <Segmented<ImportKind>
                aria-label="What the file holds"
                value={kind}
                options={[
                  { value: 'Expenses', label: 'Expenses' },
                  { value: 'BudgetItems', label: 'Budget items' },
                ]}
                onChange={(next) => setSearch({ kind: QUERY_OF[next] }, { replace: true })}
              />
            }
          />
          <BudgetReasonProvider>
            <ImportWithReason key={`${planId}-${kind}`} planId={planId} kind={kind} canEdit={canEdit} doneAction={listLink} />
          </BudgetReasonProvider>
        </>
      )}
    </ContextPlanGate>
  );
};
