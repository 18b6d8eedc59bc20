import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { CAMPAIGN_DEPTH_NAMES, getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Flex, Segmented, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useBudgetItems } from '../../features/budget/api/budget-queries.ts';
import { BudgetFiltersBar } from '../../features/budget/components/budget-filters.tsx';
import { BudgetGrid } from '../../features/budget/components/budget-grid.tsx';
import { BudgetReasonProvider } from '../../features/budget/components/budget-reason.tsx';
import { BudgetSummary } from '../../features/budget/components/budget-summary.tsx';
import {
  buildCampaignRows,
  buildRows,
  filterItems,
  hasFilters,
  NO_CAMPAIGN,
  NO_FILTERS,
  sumItems,
  sumsByType,
} from '../../features/budget/lib/budget-rows.ts';
import { useCampaigns } from '../../features/calendar/api/calendar-queries.ts';
import { useBudgetCategories } from '../../features/categories/api/category-queries.ts';
import { glCodesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { fieldsOf, useAllCustomFields } from '../../shared/custom-fields/custom-field-queries.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { BelowTheFoldOnPhone } from '../../shared/ui/below-the-fold.tsx';
import { useAfterFirstPaint } from '../../shared/ui/use-after-first-paint.ts';
import { ImportExportButtons } from '../../shared/ui/import-export-buttons.tsx';
import { ContextPlanFallback } from '../../shared/ui/context-plan-fallback.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ReadOnlyNote, readOnlyReason } from '../../shared/ui/read-only-note.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

// The month grid (issue 14) loads when a period view is chosen, not with the page.
const MonthGrid = lazy(async () => ({ default: (await import('../../features/budget/components/month-grid.tsx')).MonthGrid }));
type GridView = 'Amounts' | 'Months' | 'Quarters' | 'Year' | 'Forecast';
// The Forecast view (DESIGN.md §14) loads when chosen, like the month grid.
const ForecastGrid = lazy(async () => ({ default: (await import('../../features/budget/components/forecast-grid.tsx')).ForecastGrid }));

// The Reallocate dialog (DESIGN.md §14) loads on first use too.
const ReallocateModal = lazy(async () => ({
  default: (await import('../../features/budget/components/reallocate-modal.tsx')).ReallocateModal,
}));

// The add-item form (antd Form, Modal, InputNumber, Radio) loads on first use, not with the page.
const AddItemModal = lazy(async () => ({ default: (await import('../../features/budget/components/add-item-modal.tsx')).AddItemModal }));

const exportItems = (plan: { Id: string; Name: string; StartDate: string; EndDate: string }) => async (format: 'csv' | 'xlsx') =>
  (await import('../../features/budget/lib/budget-export.ts')).downloadItems(plan, format);

/** /budget: the context plan's items grouped by category, edited in place, with subtotals and burn rates. */
export const BudgetPage = () => {
  const { plans, plan } = useContextPlan();
  const items = useBudgetItems(plan?.Id ?? null);
  const [filters, setFilters] = useState(NO_FILTERS);
  const deferredFilters = useDeferredValue(filters);
  const [adding, setAdding] = useState(false);
  const [gridView, setGridView] = useState<GridView>('Amounts');
  // Kept mounted once opened, so the modal can play its closing animation.
  const [addOpened, setAddOpened] = useState(false);
  const [reallocating, setReallocating] = useState(false);
  const [reallocateOpened, setReallocateOpened] = useState(false);
  // The category and GL code lists are for the category filter and the add-item form: asked for when
  // one of them is about to be used, not with the page, whose first paint they would hold back.
  const [categoriesWanted, setCategoriesWanted] = useState(false);
  const categories = useBudgetCategories({ enabled: categoriesWanted || addOpened });
  const lookups = useLookups({ enabled: addOpened });
  // The campaigns (DESIGN.md §16: column, filter, grouping) are asked for once the rows are on screen.
  const painted = useAfterFirstPaint();
  const campaignList = useCampaigns(painted ? (plan?.Id ?? null) : null);
  // The BudgetItem custom fields (their filters) are asked for after the first paint too; the Custom
  // fields button is drawn at once (disabled until they come), so nothing moves when they arrive.
  const allFields = useAllCustomFields({ enabled: painted });
  const itemFields = useMemo(() => ({ fields: fieldsOf(allFields.data, 'BudgetItem') }), [allFields.data]);
  const [groupBy, setGroupBy] = useState<'Category' | 'Campaign'>('Category');
  // Custom fields shown as columns: chosen by the person (none at first), so the grid never widens by itself.
  const [columnIds, setColumnIds] = useState<string[]>([]);
  const fieldColumns = useMemo(
    () => itemFields.fields.filter((field) => columnIds.includes(field.Id)).map((field) => ({ id: field.Id, name: field.Name })),
    [itemFields.fields, columnIds],
  );
  const campaignView = useMemo(() => {
    const list = campaignList.data?.Campaigns ?? [];
    const names = new Map(list.map((campaign) => [campaign.Id, campaign.Name]));
    const path = (id: string): string => {
      const campaign = list.find((each) => each.Id === id);
      return campaign?.ParentId ? `${path(campaign.ParentId)} › ${campaign.Name}` : (campaign?.Name ?? '');
    };
    const groups = list.map((campaign) => ({ id: campaign.Id, name: path(campaign.Id), tag: CAMPAIGN_DEPTH_NAMES[campaign.Depth] }));
    return { list, names, groups };
  }, [campaignList.data]);
  const hasCampaigns = campaignView.list.length > 0;
  // The campaign column, filter and grouping show when an item is in a campaign: the items come with
  // the first paint and the campaigns after it, so deciding by the items keeps the page from moving
  // when the campaigns arrive (a layout shift Lighthouse counted, 0.2 at 1366 px).
  const inCampaigns = useMemo(() => (items.data ?? []).some((item) => item.CampaignId), [items.data]);
  const openAdd = () => {
    setAddOpened(true);
    setAdding(true);
  };

  const view = useMemo(() => {
    // A campaign keeps its sub-campaigns' items too (the list is in tree order: parents first).
    const chosen = deferredFilters.campaign;
    const within = new Set<string>(chosen && chosen !== NO_CAMPAIGN ? [chosen] : []);
    for (const campaign of campaignView.list) if (campaign.ParentId && within.has(campaign.ParentId)) within.add(campaign.Id);
    const shown = filterItems(items.data ?? [], deferredFilters, within, itemFields.fields);
    return {
      rows: buildRows(shown),
      campaignRows: groupBy === 'Campaign' && hasCampaigns ? buildCampaignRows(shown, campaignView.groups) : null,
      totals: sumItems(shown),
      byType: sumsByType(shown),
    };
  }, [items.data, deferredFilters, campaignView, groupBy, hasCampaigns, itemFields.fields]);

  if (!plan) return <ContextPlanFallback plans={plans} title="Budget" />;

  const isArchived = plan.State === PLAN_STATE_ARCHIVED;
  const canEdit = plan.Permissions.CanEditBudget && !isArchived;

  // After the baseline lock every budget write below asks why, once per save (DESIGN.md §14).
  return (
    <BudgetReasonProvider>
      <PageHeader
        title="Budget"
        subtitle={
          <>
            <Link to={getHref('plan', { id: plan.Id })}>{plan.Name}</Link> · {formatDate(plan.StartDate)} – {formatDate(plan.EndDate)}
          </>
        }
        actions={
          <>
            <ImportExportButtons
              importHref={getHref('import', {}, { kind: 'budget-items' })}
              canImport={canEdit}
              what="budget items"
              onExport={exportItems(plan)}
            />
            {canEdit && (items.data?.length ?? 0) >= 2 ? (
              <Button
                icon={<SwapOutlined />}
                onClick={() => {
                  setReallocateOpened(true);
                  setReallocating(true);
                }}
              >
                Reallocate
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
                Add item
              </Button>
            ) : null}
          </>
        }
      />
      {readOnlyReason(plan) ? <ReadOnlyNote reason={readOnlyReason(plan) ?? ''} /> : null}
      {items.isPending ? (
        <LoadingState label="Loading budget items…" />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <Panel>
          <EmptyState
            description="This plan has no budget items yet."
            action={
              canEdit ? (
                <Button type="primary" onClick={openAdd}>
                  Add the first item
                </Button>
              ) : null
            }
          />
        </Panel>
      ) : (
        <>
          <BudgetSummary totals={view.totals} byType={view.byType} />
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
            <Flex gap={8} wrap align="center">
              <BudgetFiltersBar
                filters={filters}
                categories={categories.data ?? []}
                categoriesLoading={categories.isFetching}
                onCategoriesWanted={() => setCategoriesWanted(true)}
                onChange={setFilters}
                campaigns={inCampaigns ? campaignView.groups.map((group) => ({ value: group.id, label: group.name })) : undefined}
                campaignsLoading={inCampaigns && campaignList.isPending}
                customFields={itemFields.fields}
                fieldColumns={{ value: columnIds, onChange: setColumnIds }}
              />
              <Segmented<GridView>
                aria-label="Columns"
                value={gridView}
                options={['Amounts', 'Months', 'Quarters', 'Year', 'Forecast']}
                onChange={setGridView}
              />
              {inCampaigns && gridView === 'Amounts' ? (
                <Segmented<'Category' | 'Campaign'>
                  aria-label="Group by"
                  value={groupBy}
                  options={[
                    { value: 'Category', label: 'By category' },
                    { value: 'Campaign', label: 'By campaign' },
                  ]}
                  onChange={setGroupBy}
                />
              ) : null}
            </Flex>
            <Typography.Text type="secondary">
              {hasFilters(deferredFilters)
                ? `${view.totals.count} of ${items.data.length} items shown; totals follow the filters.`
                : items.data.length === 1
                  ? '1 item'
                  : `${items.data.length} items`}
              {canEdit && gridView === 'Amounts' ? ' · Enter edits a name or amount, Enter saves, Escape cancels, Tab moves on.' : ''}
            </Typography.Text>
          </Flex>
          {view.rows.length === 0 ? (
            <Panel>
              <EmptyState
                description="No items match these filters."
                action={<Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>}
              />
            </Panel>
          ) : gridView === 'Amounts' ? (
            <BelowTheFoldOnPhone>
              <BudgetGrid
                rows={view.campaignRows ?? view.rows}
                totals={view.totals}
                canEdit={canEdit}
                campaignNames={inCampaigns ? campaignView.names : undefined}
                fieldColumns={fieldColumns}
              />
            </BelowTheFoldOnPhone>
          ) : gridView === 'Forecast' ? (
            <Suspense fallback={<LoadingState label="Loading the forecast…" />}>
              <ForecastGrid planId={plan.Id} rows={view.rows} canEdit={canEdit} />
            </Suspense>
          ) : (
            <Suspense fallback={<LoadingState label="Loading the months…" />}>
              <MonthGrid
                planId={plan.Id}
                startDate={plan.StartDate}
                endDate={plan.EndDate}
                rows={view.rows}
                view={gridView}
                canEdit={canEdit}
              />
            </Suspense>
          )}
        </>
      )}
      {addOpened ? (
        <Suspense fallback={null}>
          <AddItemModal
            open={adding}
            planId={plan.Id}
            currency={plan.Currency}
            categories={categories.data ?? []}
            categoriesLoading={categories.isPending}
            glCodes={glCodesOf(lookups.data)}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
      {reallocateOpened ? (
        <Suspense fallback={null}>
          <ReallocateModal open={reallocating} plan={plan} items={items.data ?? []} onClose={() => setReallocating(false)} />
        </Suspense>
      ) : null}
    </BudgetReasonProvider>
  );
};
