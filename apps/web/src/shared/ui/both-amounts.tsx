import { Typography } from 'antd';
import { formatBothAmounts } from '../format/money.ts';

/**
 * An item's or expense's amount (DESIGN.md §17): in the base currency as before; in another currency
 * its own amount with the base one beneath it in secondary text, read as "€1,200.00 ($1,299.00)".
 */
export const BothAmounts = ({ amount, currency, baseAmount }: { amount: number; currency: string; baseAmount: number }) => {
  const both = formatBothAmounts(amount, currency, baseAmount);
  if (both.base === null) return <>{both.own}</>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this is one amount read as one label inside a table cell or list item.
    <span
      role="group"
      aria-label={both.label}
      title={both.label}
      style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
    >
      <span>{both.own}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {both.base}
      </Typography.Text>
    </span>
  );
};
