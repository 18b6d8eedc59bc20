import { CheckCircleFilled } from '@ant-design/icons';
import type { BillingCycle, Product } from '@plansmith/contract';
import { Button, Card, Col, Row, Segmented, Typography } from 'antd';
import { formatBase } from '../../../shared/format/money.ts';
import { perMonthDollars } from '../lib/pricing.ts';

/** The Bill Annually / Bill Monthly switch (SPEC.md §2). */
export const BillingCycleSwitch = ({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) => (
  <Segmented<BillingCycle>
    aria-label="Billing cycle"
    value={value}
    onChange={onChange}
    options={[
      { label: 'Bill Annually', value: 'year' },
      { label: 'Bill Monthly', value: 'month' },
    ]}
  />
);

/** Plan cards with the per-month price for the cycle and a Select button each. */
export const PlanCards = ({
  products,
  cycle,
  selectedId,
  onSelect,
}: {
  products: readonly Product[];
  cycle: BillingCycle;
  selectedId: string | undefined;
  onSelect: (product: Product) => void;
}) => (
  <Row gutter={[16, 16]} role="radiogroup" aria-label="Plans">
    {products.map((product) => {
      const selected = product.Id === selectedId;
      const perMonth = perMonthDollars(product, cycle);
      return (
        <Col xs={24} sm={12} lg={6} key={product.Id}>
          {/* The radio holds the plan's description only: a radio must not contain the Select button (axe nested-interactive). */}
          <Card
            style={{ height: '100%', borderColor: selected ? '#0958d9' : undefined, borderWidth: selected ? 2 : 1 }}
            styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: states which plan is chosen; the Select button below is the control */}
            {/* biome-ignore lint/a11y/useFocusableInteractive: the Select button is the focusable control for this radio */}
            <div
              role="radio"
              aria-checked={selected}
              aria-label={product.Name}
              style={{ display: 'flex', flexDirection: 'column', flex: 1 }}
            >
              <Typography.Title level={3} style={{ marginTop: 0, fontSize: 20, lineHeight: '28px' }}>
                {product.Name} {selected ? <CheckCircleFilled style={{ color: '#0958d9' }} aria-hidden /> : null}
              </Typography.Title>
              <Typography.Text style={{ fontSize: 28, fontWeight: 600 }}>{formatBase(perMonth)}</Typography.Text>
              <Typography.Text type="secondary">
                {perMonth === 0 ? 'free forever' : `per month${cycle === 'year' ? ', billed annually' : ''}`}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ flex: 1, marginTop: 12 }}>
                {product.Description}
              </Typography.Paragraph>
            </div>
            <Button type={selected ? 'primary' : 'default'} onClick={() => onSelect(product)} aria-label={`Select ${product.Name}`}>
              {selected ? 'Selected' : 'Select'}
            </Button>
          </Card>
        </Col>
      );
    })}
  </Row>
);
