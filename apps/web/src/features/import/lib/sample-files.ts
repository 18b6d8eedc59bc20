import type { ImportKind } from '@plansmith/contract/imports';

// A sample file per kind (issue 28 B6), downloadable from the upload step: the columns the importer
// knows, in the order a planner would write them, with rows that import as they are.
const SAMPLES: Record<ImportKind, string[]> = {
  Expenses: [
    'Purchase date,Name,Amount,Budget item,Payee,Status,Purchase order,GL code,Description',
    '2026-03-10,Search ads March,"1,234.50",Paid search,Google,Actual,PO-1001,,March search campaign',
    '2026-03-15,Booth deposit,2500,Events,Expo Hall,Committed,PO-1002,,Spring trade show',
    '2026-04-01,Newsletter tool,49.99,Email,Mailer Inc,Planned,,,Monthly plan',
  ],
  BudgetItems: [
    'Name,Budget category,Type,Amount,GL code,Description,Jan 2026,Feb 2026,Mar 2026',
    'Paid search,Paid media,Productive,3000,,Search campaigns,1000,1000,1000',
    'Spring trade show,Events,Operational,2500,,Booth and travel,,,2500',
  ],
};

export const sampleFileName = (kind: ImportKind): string =>
  kind === 'Expenses' ? 'plansmith-expenses-sample.csv' : 'plansmith-budget-items-sample.csv';

/** The sample as a data: URL, so the link downloads it without a request. */
export const sampleFileHref = (kind: ImportKind): string =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(`${SAMPLES[kind].join('\r\n')}\r\n`)}`;
