-- The planning domain (SPEC.md §3, DESIGN.md §5): lookups, categories, plans, objectives,
-- budget items with monthly phasing, expenses, expectations, comments and activities.
-- Money is integer cents (bigint).

CREATE TABLE lookups (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  -- 1 general ledger code, 2 funnel stage
  lookup_type smallint NOT NULL CHECK (lookup_type IN (1, 2)),
  category_type smallint CHECK (category_type IN (1, 2, 3)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX lookups_type_idx ON lookups (tenant_id, lookup_type, sort_order);

CREATE TABLE budget_categories (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  active boolean NOT NULL DEFAULT true,
  -- 1 productive, 2 operational, 3 personnel
  category_type smallint NOT NULL CHECK (category_type IN (1, 2, 3)),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE marketing_plans (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text,
  active boolean NOT NULL DEFAULT true,
  -- 0 and 1 live, 2 archived, 3 template
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2, 3)),
  start_date date NOT NULL,
  end_date date NOT NULL,
  -- null unless the plan is shared with guests (DESIGN.md §5)
  share_key text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, team_id) REFERENCES teams (tenant_id, id),
  CHECK (end_date >= start_date)
);
CREATE INDEX marketing_plans_team_idx ON marketing_plans (tenant_id, team_id, state);
CREATE UNIQUE INDEX marketing_plans_share_key ON marketing_plans (share_key) WHERE share_key IS NOT NULL;

CREATE TABLE objectives (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text,
  funnel_stage_id uuid,
  metric text,
  target_value numeric(18, 2),
  start_date date,
  end_date date,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, funnel_stage_id) REFERENCES lookups (tenant_id, id)
);
CREATE INDEX objectives_plan_idx ON objectives (tenant_id, marketing_plan_id);

CREATE TABLE objective_results (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  objective_id uuid NOT NULL,
  result_date date NOT NULL,
  value numeric(18, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, objective_id) REFERENCES objectives (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX objective_results_objective_idx ON objective_results (tenant_id, objective_id, result_date);

CREATE TABLE budget_items (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  budget_category_id uuid NOT NULL,
  objective_id uuid,
  general_ledger_code_id uuid,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text,
  active boolean NOT NULL DEFAULT true,
  amount_cents bigint NOT NULL DEFAULT 0,
  -- 1 productive, 2 operational
  item_type smallint NOT NULL CHECK (item_type IN (1, 2)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, budget_category_id) REFERENCES budget_categories (tenant_id, id),
  FOREIGN KEY (tenant_id, objective_id) REFERENCES objectives (tenant_id, id) ON DELETE SET NULL (objective_id),
  FOREIGN KEY (tenant_id, general_ledger_code_id) REFERENCES lookups (tenant_id, id)
);
CREATE INDEX budget_items_plan_idx ON budget_items (tenant_id, marketing_plan_id);
CREATE INDEX budget_items_category_idx ON budget_items (tenant_id, budget_category_id);
CREATE INDEX budget_items_objective_idx ON budget_items (tenant_id, objective_id) WHERE objective_id IS NOT NULL;

-- Optional monthly phasing of a budget item; the months sum to the item's amount.
CREATE TABLE budget_item_months (
  tenant_id uuid NOT NULL,
  budget_item_id uuid NOT NULL,
  -- first day of the month
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  amount_cents bigint NOT NULL,
  PRIMARY KEY (tenant_id, budget_item_id, month),
  FOREIGN KEY (tenant_id, budget_item_id) REFERENCES budget_items (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE expenses (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  budget_item_id uuid,
  general_ledger_code_id uuid,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  payee text,
  description text,
  purchase_order text,
  purchase_date date NOT NULL,
  amount_cents bigint NOT NULL,
  -- 1 planned, 2 committed, 3 actual
  status smallint NOT NULL DEFAULT 3 CHECK (status IN (1, 2, 3)),
  -- 1 productive, 2 operational, 3 personnel
  category_type smallint NOT NULL CHECK (category_type IN (1, 2, 3)),
  active boolean NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, budget_item_id) REFERENCES budget_items (tenant_id, id),
  FOREIGN KEY (tenant_id, general_ledger_code_id) REFERENCES lookups (tenant_id, id)
);
CREATE INDEX expenses_plan_date_idx ON expenses (tenant_id, marketing_plan_id, purchase_date DESC, id);
CREATE INDEX expenses_item_idx ON expenses (tenant_id, budget_item_id);

-- The plan's forecast: expected count per funnel stage per month.
CREATE TABLE expectations (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  funnel_stage_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  expected_count numeric(18, 2) NOT NULL CHECK (expected_count >= 0),
  actual_count numeric(18, 2),
  PRIMARY KEY (tenant_id, marketing_plan_id, funnel_stage_id, month),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, funnel_stage_id) REFERENCES lookups (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE comments (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  -- 'MarketingPlan', 'BudgetItem', 'Expense', 'Objective'
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  marketing_plan_id uuid,
  author_id uuid NOT NULL,
  name text NOT NULL DEFAULT '',
  description text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, author_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX comments_entity_idx ON comments (tenant_id, entity_type, entity_id, created_at);

-- The audit trail and user-written activity notes.
CREATE TABLE activities (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  marketing_plan_id uuid,
  actor_id uuid,
  -- 'create', 'update', 'delete', 'note'
  action text NOT NULL,
  name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  changes jsonb,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, actor_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX activities_entity_idx ON activities (tenant_id, entity_type, entity_id, created_at DESC);
CREATE INDEX activities_plan_idx ON activities (tenant_id, marketing_plan_id, created_at DESC);
