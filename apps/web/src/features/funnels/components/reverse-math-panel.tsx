import type { Funnel } from '@plansmith/contract';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, Row, Select, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { useKeepFunnel, useSaveFunnel } from '../api/funnel-mutations.ts';
import { formatCount } from '../../../shared/format/money.ts';
import { budgetSentence, costLabel, costStageOf } from '../lib/funnel-inputs.ts';

type GoalValues = { RevenueGoal: number | null; AverageDealSize: number | null; CostPerLead: number | null; CostStageId: string | null };
/** The goal's fields: "Save mine over theirs" keeps of mine only those changed since the fields were filled. */
const GOAL_FIELDS = ['RevenueGoal', 'AverageDealSize', 'CostPerLead', 'CostStageId'] as const;
const goalOf = (funnel: Funnel): GoalValues => ({
  RevenueGoal: funnel.RevenueGoal,
  AverageDealSize: funnel.AverageDealSize,
  CostPerLead: funnel.CostPerLead,
  CostStageId: funnel.CostStageId,
});

// MoneyInput keeps what was typed; moneyRules name what is wrong (DESIGN.md §12).
const money = {
  // Thousands separators while typing: 3000000 reads as 3,000,000.00.
  formatter: (value: number | string | undefined) => `${value ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  parser: (text: string | undefined) => Number((text ?? '').replace(/[$,\s]/g, '')),
} as const;

/** Revenue goal, deal size and cost per lead in; deals, volume per stage and the implied budget against the plan's out. */
export const ReverseMathPanel = ({ funnel, canEdit }: { funnel: Funnel; canEdit: boolean }) => {
  const [form] = Form.useForm<GoalValues>();
  const save = useSaveFunnel();
  const keep = useKeepFunnel();
  const merge = useMergeDialog();
  const { message } = App.useApp();

  // The model's version the fields show, and the goal they were filled with (which fields the person
  // changed). The fields follow the funnel while nothing is typed; a colleague's change arriving live
  // while the person types leaves what they typed, and saving from the version they typed over
  // answers 409 and the merge dialog (DESIGN.md §13).
  const [readVersion, setReadVersion] = useState(funnel.Version);
  const [readGoal, setReadGoal] = useState(() => goalOf(funnel));
  useEffect(() => {
    if (form.isFieldsTouched()) return;
    const goal = {
      RevenueGoal: funnel.RevenueGoal,
      AverageDealSize: funnel.AverageDealSize,
      CostPerLead: funnel.CostPerLead,
      CostStageId: funnel.CostStageId,
    };
    form.setFieldsValue(goal);
    setReadGoal(goal);
    setReadVersion(funnel.Version);
  }, [form, funnel.RevenueGoal, funnel.AverageDealSize, funnel.CostPerLead, funnel.CostStageId, funnel.Version]);
  /** After a save or "Keep theirs": the fields show that funnel, untouched, and follow it again. */
  const showFunnel = (shown: Funnel) => {
    form.resetFields();
    form.setFieldsValue(goalOf(shown));
    setReadGoal(goalOf(shown));
    setReadVersion(shown.Version);
  };
  // The cost field's label follows the stage chosen beside it, before saving too.
  const chosenStageId = Form.useWatch('CostStageId', form) ?? funnel.CostStageId;
  const chosenStage = funnel.Stages.find((stage) => stage.FunnelStageId === chosenStageId) ?? costStageOf(funnel);
  const savedStage = costStageOf(funnel);

  /** Saves the goal over the model as read (its Version, DESIGN.md §13); a 409 opens the merge dialog. */
  const saveFrom = async (values: GoalValues, version: number | null, sent: GoalValues = values): Promise<void> => {
    try {
      const saved = await save.mutateAsync({
        MarketingPlanId: funnel.MarketingPlanId,
        RevenueGoal: sent.RevenueGoal ?? 0,
        AverageDealSize: sent.AverageDealSize ?? 0,
        CostPerLead: sent.CostPerLead,
        CostStageId: sent.CostStageId,
        Stages: [],
        Version: version,
      });
      showFunnel(saved);
      message.success('Funnel goal saved.');
    } catch (error) {
      const stale = staleWriteOf<Funnel & { Version: number }>(error);
      if (stale) {
        const stageName = (id: unknown) => stale.current.Stages.find((stage) => stage.FunnelStageId === id)?.Name ?? '—';
        const fields = changedFields(
          [
            { key: 'RevenueGoal', label: 'Revenue goal', format: (value: unknown) => (value == null ? '—' : formatBase(Number(value))) },
            {
              key: 'AverageDealSize',
              label: 'Average deal size',
              format: (value: unknown) => (value == null ? '—' : formatBase(Number(value))),
            },
            { key: 'CostPerLead', label: 'Cost per entry', format: (value: unknown) => (value == null ? '—' : formatBase(Number(value))) },
            { key: 'CostStageId', label: 'Cost stage', format: stageName },
          ],
          stale.current,
          // Theirs beside the fields this person changed since they were filled; mine over theirs keeps
          // their change to any field this person left alone.
          { ...stale.current, ...editsSince(GOAL_FIELDS, readGoal, values) },
        );
        if ((await merge.ask(stale.message, fields)) === 'mine')
          return saveFrom(values, stale.version, mineOverTheirs(GOAL_FIELDS, readGoal, values, goalOf(stale.current)));
        keep(stale.current);
        showFunnel(stale.current);
        message.info('Kept their funnel goal.');
        return;
      }
      message.error(errorMessage(error));
    }
  };
  const onFinish = (values: GoalValues) => saveFrom(values, readVersion);

  const covers = funnel.BudgetCoversGoal;
  return (
    <Card title="Reverse math: from the revenue goal to the budget">
      {merge.dialog}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={!canEdit} requiredMark={false}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="RevenueGoal" label="Revenue goal" rules={moneyRules({ required: 'Enter the revenue goal.' })}>
              <MoneyInput {...money} aria-label="Revenue goal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="AverageDealSize"
              label="Average deal size"
              rules={[
                ...moneyRules({ required: 'Enter the average deal size.' }),
                { type: 'number', min: 0.01, message: 'The deal size must be more than $0.' },
              ]}
            >
              <MoneyInput {...money} aria-label="Average deal size" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="CostPerLead" label={costLabel(chosenStage?.Name)} rules={moneyRules()}>
              <MoneyInput {...money} aria-label={costLabel(chosenStage?.Name)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="CostStageId"
          label="The cost is per entry into"
          extra="The implied budget is this stage’s volume × the cost."
          style={{ maxWidth: 360 }}
        >
          <Select
            aria-label="Stage the cost is for"
            showSearch
            optionFilterProp="label"
            options={funnel.Stages.map((stage) => ({ value: stage.FunnelStageId, label: stage.Name }))}
          />
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {funnel.HasModel ? 'Save goal' : 'Set goal'}
          </Button>
        ) : null}
      </Form>
      {funnel.HasModel ? (
        <>
          <Divider />
          <Row gutter={[16, 16]}>
            <Col xs={12}>
              <Statistic title="Deals needed" value={formatCount(funnel.DealsNeeded)} />
            </Col>
            <Col xs={12}>
              <Statistic title={`${savedStage?.Name ?? 'First-stage'} volume`} value={formatCount(savedStage?.Required)} />
            </Col>
            <Col xs={12}>
              <Statistic title="Implied budget" value={funnel.ImpliedBudget === null ? '—' : formatBase(funnel.ImpliedBudget)} />
            </Col>
            <Col xs={12}>
              <Statistic title="Plan budget" value={formatBase(funnel.PlanBudget)} />
            </Col>
          </Row>
          <Flex wrap gap={8} style={{ margin: '16px 0' }} aria-label="Volume needed per stage">
            {funnel.Stages.map((stage, index) => (
              <Typography.Text key={stage.FunnelStageId}>
                {index > 0 ? '→ ' : ''}
                {stage.Name}: <strong>{formatCount(stage.Required)}</strong>
              </Typography.Text>
            ))}
          </Flex>
        </>
      ) : null}
      <Alert
        style={{ marginTop: 16 }}
        showIcon
        type={covers === null ? 'info' : covers ? 'success' : 'warning'}
        message={budgetSentence(funnel)}
        role="status"
      />
    </Card>
  );
};
