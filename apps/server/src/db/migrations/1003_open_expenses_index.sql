-- Issue 29 part 2: the dashboard's overdue figures (planned or committed, active, dated before today)
-- take the months before today's from expense_sums, and today's month and the oldest overdue rows
-- from expenses. This partial index holds only those open expenses, in date order per plan, with
-- their amount, so that month is summed from the index and the list starts at its oldest row.
CREATE INDEX expenses_open_idx ON expenses (tenant_id, marketing_plan_id, purchase_date, id) INCLUDE (amount_cents)
  WHERE active AND status IN (1, 2);
