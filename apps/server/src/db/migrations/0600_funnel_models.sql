-- The funnel model of a plan (DESIGN.md §9): the revenue goal the reverse math starts from, and
-- per funnel stage (lookup type 2) the conversion to the next stage and the days it takes.
CREATE TABLE funnel_models (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  revenue_goal_cents bigint NOT NULL CHECK (revenue_goal_cents >= 0),
  average_deal_size_cents bigint NOT NULL CHECK (average_deal_size_cents > 0),
  cost_per_lead_cents bigint CHECK (cost_per_lead_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, marketing_plan_id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);

-- Settings are kept when a stage is deactivated or reordered: the model reads the current active
-- stages and joins these, so a stage that comes back finds its rate again.
CREATE TABLE funnel_stage_settings (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  funnel_stage_id uuid NOT NULL,
  conversion_rate numeric(5, 4) CHECK (conversion_rate BETWEEN 0 AND 1),
  velocity_days integer NOT NULL DEFAULT 0 CHECK (velocity_days >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, marketing_plan_id, funnel_stage_id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, funnel_stage_id) REFERENCES lookups (tenant_id, id) ON DELETE CASCADE
);

-- An actual count can be entered for a month that has no forecast yet: null means "not forecast".
ALTER TABLE expectations ALTER COLUMN expected_count DROP NOT NULL;
ALTER TABLE expectations ADD CONSTRAINT expectations_actual_count_check CHECK (actual_count >= 0);
