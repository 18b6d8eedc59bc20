-- Issue 33 / DESIGN.md §16: campaigns. A plan's program → campaign → tactic tree (depth ≤ 3, derived
-- from parent_id, never stored); a budget item belongs to at most one campaign and its expenses
-- follow it (no column on expenses). Dates inside the plan and inside the parent (the service checks
-- them: they depend on other rows). custom_fields holds the Campaign custom field values (Part C's
-- validateCustomFields decides what goes in).
CREATE TABLE campaigns (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  marketing_plan_id uuid NOT NULL,
  parent_id uuid,
  name text NOT NULL,
  owner_id uuid,
  start_date date NOT NULL,
  end_date date NOT NULL,
  objective_id uuid,
  color text CHECK (color ~ '^#[0-9a-f]{6}$'),
  custom_fields jsonb NOT NULL DEFAULT '{}',
  -- Who changed it last (plansmith_note_writer): the 409's "who" without an audit trail of its own.
  changed_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (end_date >= start_date),
  CHECK (parent_id IS NULL OR parent_id <> id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  -- The service refuses to delete a campaign that has children; the cascade serves a plan's delete.
  FOREIGN KEY (tenant_id, parent_id) REFERENCES campaigns (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (owner_id),
  FOREIGN KEY (tenant_id, objective_id) REFERENCES objectives (tenant_id, id) ON DELETE SET NULL (objective_id)
);
CREATE INDEX campaigns_plan_idx ON campaigns (tenant_id, marketing_plan_id);
CREATE INDEX campaigns_parent_idx ON campaigns (tenant_id, parent_id) WHERE parent_id IS NOT NULL;
CREATE TRIGGER campaigns_version BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER campaigns_writer BEFORE INSERT OR UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();

ALTER TABLE budget_items ADD COLUMN campaign_id uuid;
-- Deleting a campaign leaves its items without one: the column list keeps tenant_id.
ALTER TABLE budget_items ADD CONSTRAINT budget_items_campaign_fkey
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE SET NULL (campaign_id);
CREATE INDEX budget_items_campaign_idx ON budget_items (tenant_id, campaign_id) WHERE campaign_id IS NOT NULL;
