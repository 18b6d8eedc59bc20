-- Issue 31.4 / DESIGN.md §14: the month-close reminder to a plan's Leads on the third working day of
-- a month whose previous month is still open. One row per plan and month, claimed in the transaction
-- that queues the mails, so a restart or a second instance never sends it twice.
CREATE TABLE close_reminders (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  -- the open month the reminder is about (first day)
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  recipients integer NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, marketing_plan_id, month),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);
