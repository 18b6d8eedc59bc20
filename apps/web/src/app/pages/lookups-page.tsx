import { LOOKUP_TYPE_FUNNEL_STAGE, LOOKUP_TYPE_GL_CODE } from '@plansmith/contract';
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useBudgetCategories } from '../../features/categories/api/category-queries.ts';
import { funnelStagesOf, glCodesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const CategoriesManager = lazyPart(
  async () => (await import('../../features/categories/components/categories-manager.tsx')).CategoriesManager,
);
const LookupList = lazyPart(async () => (await import('../../features/lookups/components/lookup-list.tsx')).LookupList);

const TABS = ['gl-codes', 'funnel-stages', 'categories'] as const;

/** /account/lookups: GL codes, funnel stages and the tenant's budget categories (each a tab; ?tab= keeps the choice). */
export const LookupsPage = () => {
  const lookups = useLookups();
  const categories = useBudgetCategories();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((key) => key === params.get('tab')) ?? 'gl-codes';

  const body = (query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }, content: () => ReactNode) =>
    query.isPending ? (
      <LoadingState />
    ) : query.isError ? (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      content()
    );

  return (
    <>
      <PageHeader title="Lookups" subtitle="General ledger codes, funnel stages and budget categories used across your plans." />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            {
              key: 'gl-codes',
              label: 'GL codes',
              children: body(lookups, () => (
                <LookupList lookupType={LOOKUP_TYPE_GL_CODE} entries={glCodesOf(lookups.data)} noun="GL code" />
              )),
            },
            {
              key: 'funnel-stages',
              label: 'Funnel stages',
              children: body(lookups, () => (
                <LookupList lookupType={LOOKUP_TYPE_FUNNEL_STAGE} entries={funnelStagesOf(lookups.data)} noun="funnel stage" />
              )),
            },
            {
              key: 'categories',
              label: 'Budget categories',
              children: body(categories, () => <CategoriesManager categories={categories.data ?? []} />),
            },
          ]}
        />
      </Card>
    </>
  );
};
