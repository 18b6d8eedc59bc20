-- Spreadsheet imports (DESIGN.md §10): the history of each plan's imports, the rows each one
-- created (so Undo removes exactly those, and refuses when one was changed since), and the
-- column mapping a tenant last used per kind.
CREATE TABLE imports (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  -- 'Expenses' or 'BudgetItems'
  kind text NOT NULL CHECK (kind IN ('Expenses', 'BudgetItems')),
  file_name text NOT NULL,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_count integer NOT NULL,
  skipped_count integer NOT NULL,
  undone_at timestamptz,
  undone_by uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, undone_by) REFERENCES users (tenant_id, id)
);
CREATE INDEX imports_plan_idx ON imports (tenant_id, marketing_plan_id, created_at DESC);

-- One row per expense or budget item an import created, with its updated_at at that moment.
-- No foreign key to the entity: it may be deleted by hand later, and Undo then has nothing to remove.
CREATE TABLE import_rows (
  tenant_id uuid NOT NULL,
  import_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  source_row integer NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, import_id, entity_id),
  FOREIGN KEY (tenant_id, import_id) REFERENCES imports (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE import_mappings (
  tenant_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Expenses', 'BudgetItems')),
  mapping jsonb NOT NULL,
  updated_by uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, kind),
  FOREIGN KEY (tenant_id) REFERENCES tenants (id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id)
);
