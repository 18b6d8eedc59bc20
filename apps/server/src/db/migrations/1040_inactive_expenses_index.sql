-- Issue 29 part 2: GetExpenses' totals are read from expense_sums when the filter allows (plan or
-- item, status, whole months; expense-list-totals.ts). The sums hold active expenses only, and the
-- list's Count counts the inactive ones too: this partial index holds just those (few) rows per plan
-- and date, so counting them does not read the plan's active expenses.
CREATE INDEX expenses_inactive_idx ON expenses (tenant_id, marketing_plan_id, purchase_date) WHERE NOT active;
