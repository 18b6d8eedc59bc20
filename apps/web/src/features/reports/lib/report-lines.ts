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

/** Rows for CSV and XLSX: plain values, money as numbers of dollars, percent as a fraction. */
export const toExportRows = (lines: ReportLine[]) =>
  lines.map((line) => ({
    Category: line.label,
    'Category type': line.typeLabel,
    Budgeted: line.Budgeted,
    Planned: line.Planned,
    Committed: line.Committed,
    Actual: line.Actual,
    Available: line.Available,
    'Left to plan': line.LeftToPlan,
    Variance: line.Variance,
    // DESIGN.md §14, as the table shows them: an empty Baseline cell while the baseline is not locked.
    Baseline: line.Baseline ?? '',
    Forecast: line.Forecast,
    'Forecast variance': line.ForecastVariance,
    'Percent spent': line.Percent === null ? '' : Math.round(line.Percent * 10_000) / 10_000,
  }));

export const reportFileName = (report: BudgetCategoriesReport, extension: string): string =>
  `${report.PlanName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'plan'}-budget-categories.${extension}`;

/** The category report chart's height (its placeholder takes the same while recharts loads). */
export const CATEGORY_REPORT_CHART_HEIGHT = 340;
