import type { SpendingCategory, SpendingPayee } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBase } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { breakdownChartHeight as rowHeight, formatAxisUsd } from '../lib/chart-format.ts';

/** Budget, committed and actual money per category, as horizontal bars. */
export const CategorySpendChart = ({ categories }: { categories: SpendingCategory[] }) => (
  <div style={{ width: '100%', height: rowHeight(categories.length) }} role="img" aria-label="Spend by category">
    <ResponsiveContainer>
      <BarChart data={categories} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={formatAxisUsd} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="Name" width={150} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => formatBase(Number(value))} />
        <Legend verticalAlign="top" formatter={legendLabel} />
        <Bar dataKey="Budgeted" fill="#adc6ff" />
        <Bar dataKey="Committed" fill="#ffd666" />
        <Bar dataKey="Actual" fill="#0958d9" />
      </BarChart>
    </ResponsiveContainer>
  </div>
);

/** Actual and committed money per payee (the largest by name, the rest as “Other payees”). */
export const PayeeSpendChart = ({ payees }: { payees: SpendingPayee[] }) => (
  <div style={{ width: '100%', height: rowHeight(payees.length) }} role="img" aria-label="Spend by payee">
    <ResponsiveContainer>
      <BarChart data={payees} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={formatAxisUsd} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="Payee" width={170} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => formatBase(Number(value))} />
        <Legend verticalAlign="top" formatter={legendLabel} />
        <Bar dataKey="Actual" stackId="payee" fill="#0958d9" />
        <Bar dataKey="Committed" stackId="payee" fill="#ffd666" />
      </BarChart>
    </ResponsiveContainer>
  </div>
);
