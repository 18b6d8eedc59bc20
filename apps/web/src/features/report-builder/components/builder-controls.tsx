import { PIVOT_MEASURES, type PivotColumns, type PivotCompare, type PivotDefinition, type PivotMeasure } from '@plansmith/contract';
import { Col, Form, Row, Segmented, Select } from 'antd';
import type { ReportPeriod } from '../lib/period-memory.ts';
import { COMPARE_OPTIONS, type DimensionOption, measureLabel, monthEnd, monthLabel, monthStart } from '../lib/definition.ts';

export type PlanOption = { Id: string; Name: string };

type Props = {
  definition: PivotDefinition;
  onChange: (next: PivotDefinition) => void;
  period: ReportPeriod;
  onPeriodChange: (next: ReportPeriod) => void;
  plans: readonly PlanOption[];
  dimensions: readonly DimensionOption[];
  months: readonly string[];
};

const COLUMN_OPTIONS: { value: PivotColumns; label: string }[] = [
  { value: 'None', label: 'None' },
  { value: 'Month', label: 'Month' },
  { value: 'Quarter', label: 'Quarter' },
];

const FULL = { xs: 24, md: 12, xl: 6 } as const;

/**
 * What the report shows: plans, one or two row dimensions, columns, measures (the first is charted),
 * the period (whole months) and a comparison. Every control is a labelled antd field: Tab moves
 * between them, arrows and Enter pick, so the report is built without a mouse.
 */
export const BuilderControls = ({ definition, onChange, period, onPeriodChange, plans, dimensions, months }: Props) => {
  const set = (patch: Partial<PivotDefinition>) => onChange({ ...definition, ...patch });
  const [first, second] = definition.Rows;
  const monthOptions = months.map((month) => ({ value: month, label: monthLabel(month) }));
  const from = period.From.slice(0, 7);
  const to = period.To.slice(0, 7);
  return (
    <Form layout="vertical" component="div" className="report-builder-controls">
      <Row gutter={[16, 0]}>
        <Col {...FULL}>
          <Form.Item label="Plans" htmlFor="report-plans" required>
            <Select<string[]>
              id="report-plans"
              mode="multiple"
              value={definition.MarketingPlanIds}
              onChange={(ids) => set({ MarketingPlanIds: ids })}
              options={plans.map((plan) => ({ value: plan.Id, label: plan.Name }))}
              optionFilterProp="label"
              placeholder="Choose plans"
            />
          </Form.Item>
        </Col>
        <Col {...FULL}>
          <Form.Item label="Rows" htmlFor="report-rows">
            <Select<string>
              id="report-rows"
              value={first}
              onChange={(value) => set({ Rows: second && second !== value ? [value, second] : [value] })}
              options={dimensions.map((option) => ({ ...option }))}
              optionFilterProp="label"
              showSearch
            />
          </Form.Item>
        </Col>
        <Col {...FULL}>
          <Form.Item label="Then by" htmlFor="report-rows-second">
            <Select<string>
              id="report-rows-second"
              value={second ?? null}
              onChange={(value) => set({ Rows: value ? [first ?? 'Category', value] : [first ?? 'Category'] })}
              options={dimensions.filter((option) => option.value !== first)}
              optionFilterProp="label"
              showSearch
              allowClear
              placeholder="Nothing (one row dimension)"
            />
          </Form.Item>
        </Col>
        <Col {...FULL}>
          <Form.Item label="Columns" htmlFor="report-columns">
            <Segmented<PivotColumns>
              id="report-columns"
              aria-label="Columns"
              value={definition.Columns}
              onChange={(value) => set({ Columns: value })}
              options={COLUMN_OPTIONS}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={12}>
          <Form.Item label="Measures (the first is charted)" htmlFor="report-measures" required>
            <Select<PivotMeasure[]>
              id="report-measures"
              mode="multiple"
              value={definition.Measures}
              onChange={(measures) => set({ Measures: measures })}
              options={PIVOT_MEASURES.map((measure) => ({ value: measure, label: measureLabel(measure) }))}
              optionFilterProp="label"
              placeholder="Choose measures"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="From" htmlFor="report-from">
            <Select<string>
              id="report-from"
              value={from}
              onChange={(month) => onPeriodChange({ From: monthStart(month), To: month > to ? monthEnd(month) : period.To })}
              options={monthOptions}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="To" htmlFor="report-to">
            <Select<string>
              id="report-to"
              value={to}
              onChange={(month) => onPeriodChange({ From: month < from ? monthStart(month) : period.From, To: monthEnd(month) })}
              options={monthOptions}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={4}>
          <Form.Item label="Compare with" htmlFor="report-compare">
            <Select<PivotCompare>
              id="report-compare"
              value={definition.Compare}
              onChange={(value) => set({ Compare: value })}
              options={COMPARE_OPTIONS}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
};
