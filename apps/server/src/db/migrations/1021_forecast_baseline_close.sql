-- Issue 31 / DESIGN.md §14: the marketing-ops month — a plan's baseline, budget changes with a
-- reason, forecasts per item and month, and closed months.

-- The baseline: a snapshot of each item's Budget per month, taken once when the plan's baseline is
-- locked (MarketingPlanClient/LockBaseline). An unphased item's Amount is kept under its plan's
-- first month. The snapshot belongs to the plan, not the item: an item deleted after the lock keeps
-- its baseline in the plan's totals, so the rows name the plan and only point at the item.
ALTER TABLE marketing_plans ADD COLUMN baseline_locked_at timestamptz;
ALTER TABLE marketing_plans ADD COLUMN baseline_locked_by uuid;

CREATE TABLE budget_item_baselines (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  budget_item_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  amount_cents bigint NOT NULL,
  PRIMARY KEY (tenant_id, marketing_plan_id, budget_item_id, month),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);

-- Budget changes after the lock (who, when, item, month, before → after, why): an edit of an item's
-- Amount or months, a reallocation (two rows, one per item, sharing a group id), a month close's
-- roll-forward or release. The item's name is kept so the list reads after the item is deleted.
CREATE TABLE budget_changes (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  budget_item_id uuid NOT NULL,
  budget_item_name text NOT NULL,
  -- null: the item's Amount (an unphased item); otherwise the month's first day
  month date CHECK (extract(day FROM month) = 1),
  -- 1 edit, 2 reallocation, 3 roll forward (month close), 4 release (month close)
  kind smallint NOT NULL CHECK (kind BETWEEN 1 AND 4),
  group_id uuid,
  before_cents bigint NOT NULL,
  after_cents bigint NOT NULL,
  reason text NOT NULL,
  changed_by uuid,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX budget_changes_plan_idx ON budget_changes (tenant_id, marketing_plan_id, changed_at DESC);

-- A planner's Forecast for an item's month (ForecastClient/Save); a month without one forecasts its
-- Budget. Editable, so it carries a version (DESIGN.md §13).
CREATE TABLE budget_item_forecasts (
  tenant_id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  budget_item_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  changed_by uuid,
  PRIMARY KEY (tenant_id, budget_item_id, month),
  FOREIGN KEY (tenant_id, budget_item_id) REFERENCES budget_items (tenant_id, id) ON DELETE CASCADE
);
CREATE TRIGGER budget_item_forecasts_version BEFORE UPDATE ON budget_item_forecasts FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER budget_item_forecasts_writer BEFORE INSERT OR UPDATE ON budget_item_forecasts FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();

-- A plan's closed months (PlanPeriodClient/Close): a month with no row is open. Months close in order
-- and only the latest closed one reopens, so the closed months are always the plan's first N.
CREATE TABLE plan_periods (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- 1 roll forward, 2 release: what the close did with each item's unspent budget
  unspent smallint NOT NULL CHECK (unspent IN (1, 2)),
  closed_by uuid,
  closed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, marketing_plan_id, month),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);

-- Nothing dated in a closed month is created, changed or deleted, whoever writes (a form, an import
-- and its undo, a bulk edit, a reallocation, hand SQL): these statement-level triggers refuse the
-- whole statement with SQLSTATE PSC01, which the API answers 409 with this message (it names the
-- month). Rows whose plan is gone are let through: that is the plan's own deletion cascading.
CREATE FUNCTION plansmith_refuse_closed_month(month date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'PSC01',
    MESSAGE = format('%s is closed: nothing dated in it can be created, changed or deleted. An Admin can reopen it on the Close page.',
                     trim(to_char(month, 'FMMonth YYYY'))),
    DETAIL = to_char(month, 'YYYY-MM');
END;
$$;

CREATE FUNCTION plansmith_guard_closed_expenses() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.month INTO closed FROM new_rows n
      JOIN plan_periods p ON p.tenant_id = n.tenant_id AND p.marketing_plan_id = n.marketing_plan_id
                         AND p.month = date_trunc('month', n.purchase_date::timestamp)::date
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.month INTO closed FROM old_rows o
      JOIN plan_periods p ON p.tenant_id = o.tenant_id AND p.marketing_plan_id = o.marketing_plan_id
                         AND p.month = date_trunc('month', o.purchase_date::timestamp)::date
     WHERE TG_OP = 'UPDATE'
        OR EXISTS (SELECT 1 FROM marketing_plans m WHERE m.tenant_id = o.tenant_id AND m.id = o.marketing_plan_id)
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER expenses_closed_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_expenses();
CREATE TRIGGER expenses_closed_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_expenses();
CREATE TRIGGER expenses_closed_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_expenses();

-- The same for an item's Budget in a closed month (budget_item_months). A month close moves the
-- unspent budget before it writes its plan_periods row, so its own writes pass. Rows whose item is
-- gone are let through (the item's deletion cascading; the service refuses deleting an item with
-- budget or expenses in a closed month before that).
CREATE FUNCTION plansmith_guard_closed_budget_months() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.month INTO closed FROM new_rows n
      JOIN budget_items i ON i.tenant_id = n.tenant_id AND i.id = n.budget_item_id
      JOIN plan_periods p ON p.tenant_id = i.tenant_id AND p.marketing_plan_id = i.marketing_plan_id AND p.month = n.month
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.month INTO closed FROM old_rows o
      JOIN budget_items i ON i.tenant_id = o.tenant_id AND i.id = o.budget_item_id
      JOIN plan_periods p ON p.tenant_id = i.tenant_id AND p.marketing_plan_id = i.marketing_plan_id AND p.month = o.month
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER budget_item_months_closed_insert AFTER INSERT ON budget_item_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_budget_months();
CREATE TRIGGER budget_item_months_closed_update AFTER UPDATE ON budget_item_months REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_budget_months();
CREATE TRIGGER budget_item_months_closed_delete AFTER DELETE ON budget_item_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_guard_closed_budget_months();
