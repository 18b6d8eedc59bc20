import { type BudgetCategoriesReport, EXPENSE_CATEGORY_TYPE_LABELS, type ReportMoney } from '@plansmith/contract';

/** One line of the report as shown, exported and printed: a category, a type subtotal or the total. */
export type ReportLine = ReportMoney & { key: string; label: string; kind: 'category' | 'subtotal' | 'total'; typeLabel: string };

/**
 * Categories grouped by their category type (productive, operational, personnel — not the items'
 * item type, DESIGN.md §12), each group followed by its subtotal, then the grand total.
 */
export const toReportLines = (report: BudgetCategoriesReport): ReportLine[] => {
  const lines: ReportLine[] = [];
  for (const subtotal of report.Subtotals) {
    const typeLabel = EXPENSE_CATEGORY_TYPE_LABELS[subtotal.CategoryType];
    for (const row of report.Rows.filter((candidate) => candidate.CategoryType === subtotal.CategoryType)) {
      lines.push({ ...row, key: row.BudgetCategoryId, label: row.Name, kind: 'category', typeLabel });
    }
    const { CategoryType: _type, ...money } = subtotal;
    lines.push({ ...money, key: `type-${subtotal.CategoryType}`, label: `${typeLabel} categories subtotal`, kind: 'subtotal', typeLabel });
  }
  lines.push({ ...report.Totals, key: 'total', label: 'Total', kind: 'total', typeLabel: '' });
  return lines;
};

export const REPORT_COLUMNS = [
  ['Budgeted', 'Budgeted'],
  ['Planned', 'Planned'],
  ['Committed', 'Committed'],
  ['Actual', 'Actual'],
  ['Available', 'Available (budget − committed − actual)'],
  ['LeftToPlan', 'Left to plan (budget − planned − committed − actual)'],
  ['Variance', 'Variance (budget − actual)'],
] as const;

/** How the export names its money: every money column's header carries the base currency, "Budgeted (USD)". */
export type ExportMoney = { baseCurrency: string; fxVariance: boolean };

/** The export's money settings for a report: its base currency, and the FX variance column when the screen shows it. */
export const exportMoneyOf = (report: BudgetCategoriesReport): ExportMoney => ({
  baseCurrency: report.BaseCurrency,
  fxVariance: report.Totals.FxVariance !== 0 || report.ForeignExpenseCount > 0,
});

/**
 * Rows for CSV and XLSX: plain values, money as numbers in the base currency (named in each money
 * header, DESIGN.md §17), percent as a fraction; the FX variance column only for a plan with spend in
 * another currency, as on the screen.
 */
export const toExportRows = (lines: ReportLine[], money: ExportMoney): Array<Record<string, string | number>> =>
  lines.map((line) => {
    const named = (title: string) => `${title} (${money.baseCurrency})`;
    return {
      Category: line.label,
      'Category type': line.typeLabel,
      [named('Budgeted')]: line.Budgeted,
      [named('Planned')]: line.Planned,
      [named('Committed')]: line.Committed,
      [named('Actual')]: line.Actual,
      [named('Available')]: line.Available,
      [named('Left to plan')]: line.LeftToPlan,
      [named('Variance')]: line.Variance,
      // DESIGN.md §14, as the table shows them: an empty Baseline cell while the baseline is not locked.
      [named('Baseline')]: line.Baseline ?? '',
      [named('Forecast')]: line.Forecast,
      [named('Forecast variance')]: line.ForecastVariance,
      ...(money.fxVariance ? { [named('FX variance')]: line.FxVariance } : {}),
      'Percent spent': line.Percent === null ? '' : Math.round(line.Percent * 10_000) / 10_000,
    };
  });

export const reportFileName = (report: BudgetCategoriesReport, extension: string): string =>
  `${report.PlanName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'plan'}-budget-categories.${extension}`;

/** The category report chart's height (its placeholder takes the same while recharts loads). */
export const CATEGORY_REPORT_CHART_HEIGHT = 340;
