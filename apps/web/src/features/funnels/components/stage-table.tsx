import type { Funnel, FunnelStage } from '@plansmith/contract';
import { App, Typography } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { EditableCell } from '../../../shared/ui/editable-cell.tsx';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { useKeepFunnel, useSaveFunnel } from '../api/funnel-mutations.ts';
import { formatCount } from '../../../shared/format/money.ts';
import { formatRate, parseNumber, parsePercent } from '../lib/funnel-inputs.ts';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';

/** The stages with conversion and velocity edited in place, the volume each needs, and what actually happened. */
export const StageTable = ({ funnel, canEdit }: { funnel: Funnel; canEdit: boolean }) => {
  const save = useSaveFunnel();
  const keep = useKeepFunnel();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  const editable = canEdit && funnel.HasModel;
  const lastId = funnel.Stages.at(-1)?.FunnelStageId;

  /**
   * Saves one stage's change over the funnel as read (`from`): the model's values and version and
   * this stage's version go with it (DESIGN.md §13). On a 409 the merge dialog shows this stage,
   * theirs beside mine; "Save mine over theirs" sends my change over their funnel (their goal kept).
   */
  const saveStage = async (
    stage: FunnelStage,
    change: { ConversionRate?: number; VelocityDays?: number },
    from: Funnel = funnel,
  ): Promise<boolean> => {
    const read = from.Stages.find((row) => row.FunnelStageId === stage.FunnelStageId) ?? stage;
    try {
      await save.mutateAsync({
        MarketingPlanId: from.MarketingPlanId,
        RevenueGoal: from.RevenueGoal ?? 0,
        AverageDealSize: from.AverageDealSize ?? 0,
        CostPerLead: from.CostPerLead,
        Version: from.Version,
        Stages: [
          {
            FunnelStageId: stage.FunnelStageId,
            ConversionRate: change.ConversionRate ?? read.ConversionRate,
            VelocityDays: change.VelocityDays ?? read.VelocityDays,
            Version: read.Version,
          },
        ],
      });
      return true;
    } catch (error) {
      const stale = staleWriteOf<Funnel & { Version: number }>(error);
      const theirs = stale?.current.Stages.find((row) => row.FunnelStageId === stage.FunnelStageId);
      if (stale && theirs) {
        const fields = changedFields(
          [
            { key: 'ConversionRate', label: `${stage.Name} conversion`, format: (rate: unknown) => formatRate(rate as number | null) },
            { key: 'VelocityDays', label: `${stage.Name} velocity (days)` },
          ],
          theirs,
          { ...theirs, ...change },
        );
        if ((await merge.ask(stale.message, fields)) === 'mine') return saveStage(stage, change, stale.current);
        keep(stale.current);
        message.info('Kept their funnel settings.');
        return true;
      }
      message.error(errorMessage(error));
      return false;
    }
  };

  const onRate = (stage: FunnelStage) => async (text: string) => {
    const rate = parsePercent(text);
    if (rate === null || rate < 0 || rate > 1) {
      message.error('Enter a conversion rate from 0% to 100%.');
      return false;
    }
    return saveStage(stage, { ConversionRate: rate });
  };

  const onDays = (stage: FunnelStage) => async (text: string) => {
    const days = parseNumber(text);
    if (days === null || days < 0 || !Number.isInteger(days)) {
      message.error('Enter a whole number of days, 0 or more.');
      return false;
    }
    return saveStage(stage, { VelocityDays: days });
  };

  return (
    <>
      {merge.dialog}
      <ResponsiveTable<FunnelStage>
        rowKey="FunnelStageId"
        size="middle"
        pagination={false}
        dataSource={funnel.Stages}
        // On a phone the stages scroll sideways inside the table, never the page (DESIGN.md §12).
        scroll={{ x: 'max-content' }}
        footer={
          funnel.HasModel
            ? undefined
            : () => (
                <Typography.Text type="secondary">Set the revenue goal first; then the rates and days can be edited here.</Typography.Text>
              )
        }
        columns={[
          { title: 'Stage', dataIndex: 'Name' },
          {
            title: 'Conversion to next',
            align: 'right',
            width: 160,
            render: (_, stage) =>
              stage.FunnelStageId === lastId ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <EditableCell
                  align="right"
                  value={stage.ConversionRate === null ? '' : formatRate(stage.ConversionRate)}
                  display={stage.ConversionRate === null ? 'Set rate' : formatRate(stage.ConversionRate)}
                  label={`Conversion rate of ${stage.Name}`}
                  disabled={!editable}
                  onSave={onRate(stage)}
                />
              ),
          },
          {
            title: 'Days to next',
            align: 'right',
            width: 130,
            render: (_, stage) =>
              stage.FunnelStageId === lastId ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <EditableCell
                  align="right"
                  value={String(stage.VelocityDays)}
                  display={String(stage.VelocityDays)}
                  label={`Days from ${stage.Name} to the next stage`}
                  disabled={!editable}
                  onSave={onDays(stage)}
                />
              ),
          },
          { title: 'Required', align: 'right', render: (_, stage) => formatCount(stage.Required) },
          { title: 'Actual', align: 'right', render: (_, stage) => formatCount(stage.Actual) },
          {
            title: 'Actual conversion',
            align: 'right',
            render: (_, stage) => (stage.FunnelStageId === lastId ? '—' : formatRate(stage.ActualConversion)),
          },
          {
            title: 'Cost per stage',
            ...MONEY_COLUMN,
            render: (_, stage) => (stage.CostPerStage === null ? '—' : formatBase(stage.CostPerStage)),
          },
        ]}
      />
    </>
  );
};
