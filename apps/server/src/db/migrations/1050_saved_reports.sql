-- Issue 33 part D / DESIGN.md §16: the report builder's saved reports. A report belongs to the person
-- who made it (owner_id); private (shared false) only its owner lists, changes or deletes; shared
-- the whole tenant lists, and its owner or an Admin changes or deletes. definition is the contract's
-- PivotDefinition (plans, rows, columns, measures, filters, compare) as saved; the period is not in it.
CREATE TABLE saved_reports (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  owner_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  shared boolean NOT NULL DEFAULT false,
  definition jsonb NOT NULL CHECK (jsonb_typeof(definition) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Its last writer (migration 1020's trigger): an Admin may change a shared report, named in a 409.
  changed_by uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX saved_reports_owner_idx ON saved_reports (tenant_id, owner_id);
CREATE TRIGGER saved_reports_version BEFORE UPDATE ON saved_reports FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER saved_reports_writer BEFORE INSERT OR UPDATE ON saved_reports FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();
