import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { EMPTY_ID, type PivotDefinition, type SavedReport } from '@plansmith/contract';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCustomFieldDimensions, usePivot, useSavedReports } from '../api/pivot-queries.ts';
import { useDeleteReport, useSaveReport } from '../api/saved-report-mutations.ts';
import {
  cleanDefinition,
  fixedDimensionOptions,
  missingChoice,
  newDefinition,
  pickerMonths,
  planPeriod,
  toRequest,
} from '../lib/definition.ts';
import { type ReportPeriod, readRememberedPeriod, rememberPeriod } from '../lib/period-memory.ts';
import { toPivotSheet } from '../lib/pivot-lines.ts';
import { BuilderControls } from './builder-controls.tsx';
import { ReportFilters } from './report-filters.tsx';
import { periodText, ReportResult } from './report-result.tsx';
import type { SaveChoice } from './save-report-dialog.tsx';
import { SavedReportPicker } from './saved-report-picker.tsx';

const SaveReportDialog = lazyModal(
  async () => (await import('./save-report-dialog.tsx')).SaveReportDialog,
  (props: { open: boolean }) => props.open,
);

export type BuilderPlan = { Id: string; Name: string; StartDate: string; EndDate: string };

type Props = {
  /** The plans the person may report on (the context team's), and the context plan a new report starts with. */
  plans: readonly BuilderPlan[];
  contextPlan: BuilderPlan;
  userId: string;
};

const describeDefinition = (definition: PivotDefinition): string =>
  `${definition.Rows.join(' × ')} by ${definition.Columns}; ${definition.Measures.join(', ')}; compare ${definition.Compare}; ${definition.Filters.length} filters`;

/** The report builder (DESIGN.md §16): build a pivot of the plans' money, chart it, save it, export it. */
export const ReportBuilder = ({ plans, contextPlan, userId }: Props) => {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const openId = params.get('report');
  const [definition, setDefinition] = useState<PivotDefinition>(() => newDefinition([contextPlan.Id]));
  const [period, setPeriodState] = useState<ReportPeriod>(() => readRememberedPeriod(userId) ?? planPeriod(contextPlan));
  const [current, setCurrent] = useState<SavedReport | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saved = useSavedReports();
  const fields = useCustomFieldDimensions();
  const save = useSaveReport();
  const remove = useDeleteReport();
  const { ask, dialog } = useMergeDialog();

  const dimensions = useMemo(() => [...fixedDimensionOptions(), ...(fields.data ?? [])], [fields.data]);
  const months = useMemo(() => pickerMonths(plans, period), [plans, period]);
  const missing = missingChoice(definition);
  const request = missing ? null : toRequest(definition, period);
  const pivot = usePivot(request);

  const setPeriod = (next: ReportPeriod) => {
    setPeriodState(next);
    rememberPeriod(userId, next);
  };

  /** A saved report's definition with only the plans this person sees (else the context plan); the period stays the person's own. */
  const open = (report: SavedReport | null) => {
    setCurrent(report);
    setParams(report ? { report: report.Id } : {}, { replace: true });
    if (!report) return;
    const visible = report.Definition.MarketingPlanIds.filter((id) => plans.some((plan) => plan.Id === id));
    setDefinition({ ...report.Definition, MarketingPlanIds: visible.length > 0 ? visible : [contextPlan.Id] });
  };

  // A link with ?report=<id> (or a reload) opens that report once the list is in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new requested id or a new list should open a report; open() just sets state
  useEffect(() => {
    if (!openId || current?.Id === openId || !saved.data) return;
    const report = saved.data.find((entry) => entry.Id === openId);
    if (report) open(report);
    else {
      setParams({}, { replace: true });
      message.warning('That saved report no longer exists or is not shared with you.');
    }
  }, [openId, saved.data]);

  const sendSave = async (choice: SaveChoice, version?: number): Promise<void> => {
    const updating = !choice.asNew && current?.CanEdit === true;
    const body = {
      Id: updating && current ? current.Id : EMPTY_ID,
      Name: choice.name,
      Shared: choice.shared,
      Definition: cleanDefinition(definition),
      ...(updating && current ? { Version: version ?? current.Version } : {}),
    };
    try {
      const report = await save.mutateAsync(body);
      setSaveOpen(false);
      setSaveError(null);
      setCurrent(report);
      setParams({ report: report.Id }, { replace: true });
      message.success(`Report “${report.Name}” saved${report.Shared ? ' and shared' : ''}.`);
    } catch (error) {
      const stale = staleWriteOf<SavedReport>(error);
      if (!stale) {
        setSaveError(errorMessage(error));
        return;
      }
      setSaveOpen(false);
      const mine = { ...stale.current, Name: choice.name, Shared: choice.shared, Definition: cleanDefinition(definition) };
      const choiceMade = await ask(
        stale.message,
        changedFields<SavedReport>(
          [
            { key: 'Name', label: 'Name' },
            { key: 'Shared', label: 'Who sees it', format: (value) => (value ? 'Everyone (shared)' : 'Only the owner') },
            { key: 'Definition', label: 'Report', format: (value) => describeDefinition(value as PivotDefinition) },
          ],
          stale.current,
          mine,
        ),
      );
      if (choiceMade === 'theirs') open(stale.current);
      else await sendSave(choice, stale.version);
    }
  };

  const deleteReport = (report: SavedReport) =>
    remove.mutate(
      { Id: report.Id, Version: report.Version },
      {
        onSuccess: () => {
          message.success(`Report “${report.Name}” deleted.`);
          open(null);
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!pivot.data) return;
    try {
      const { downloadSheet, exportFileName } = await import('../../../shared/export/spreadsheet.ts');
      const name = current?.Name ?? 'Report';
      const span = `${pivot.data.From.slice(0, 7)}-to-${pivot.data.To.slice(0, 7)}`;
      await downloadSheet(toPivotSheet(pivot.data, name), exportFileName(name, span, format), format);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const canExport = Boolean(pivot.data && !missing && pivot.data.Rows.length > 0);
  return (
    <>
      <PageHeader
        title={current ? current.Name : 'Report builder'}
        subtitle={
          current
            ? `${current.Shared ? `Shared by ${current.OwnerName}` : 'Private'} · ${periodText(period.From, period.To)}`
            : `Slice the plans’ money by any dimension · ${periodText(period.From, period.To)}`
        }
        actions={
          <>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              onClick={() => {
                setSaveError(null);
                setSaveOpen(true);
              }}
              disabled={missing !== null}
            >
              Save…
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportAs('csv')} disabled={!canExport}>
              Export CSV
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportAs('xlsx')} disabled={!canExport}>
              Export XLSX
            </Button>
          </>
        }
      />
      <Flex vertical gap={16}>
        <Card
          title="Build"
          extra={
            current ? (
              <Button type="link" onClick={() => open(null)}>
                New report
              </Button>
            ) : null
          }
        >
          <Flex vertical gap={12}>
            <SavedReportPicker
              reports={saved.data}
              loading={saved.isPending}
              failed={saved.isError}
              current={current}
              userId={userId}
              onOpen={open}
              onDelete={deleteReport}
              deleting={remove.isPending}
            />
            <BuilderControls
              definition={definition}
              onChange={setDefinition}
              period={period}
              onPeriodChange={setPeriod}
              plans={plans}
              dimensions={dimensions}
              months={months}
            />
            <div>
              <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                Filters
              </Typography.Text>
              <ReportFilters
                filters={definition.Filters}
                onChange={(filters) => setDefinition({ ...definition, Filters: filters })}
                dimensions={dimensions}
                planIds={definition.MarketingPlanIds}
                period={period}
              />
            </div>
          </Flex>
        </Card>
        <ReportResult pivot={pivot} missing={missing} />
      </Flex>
      <SaveReportDialog
        open={saveOpen}
        current={current}
        saving={save.isPending}
        error={saveError}
        onSave={(choice) => void sendSave(choice)}
        onCancel={() => setSaveOpen(false)}
      />
      {dialog}
    </>
  );
};
