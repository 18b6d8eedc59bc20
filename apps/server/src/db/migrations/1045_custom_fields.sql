-- Issue 33 / DESIGN.md §16: custom fields, a tenant's own dimensions on budget items, expenses and
-- campaigns. entity 1 BudgetItem | 2 Expense | 3 Campaign; type 1 Text | 2 Number | 3 Date | 4 Select |
-- 5 MultiSelect; options the Select/MultiSelect choices in order. At most 25 per entity and names
-- unique per entity ignoring case (the service says so first; the index holds under concurrency).
CREATE TABLE custom_fields (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  entity smallint NOT NULL CHECK (entity IN (1, 2, 3)),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
  options jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(options) = 'array'),
  required boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Its last writer (migration 1020's trigger), named in a stale write's 409.
  changed_by uuid,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX custom_fields_name_idx ON custom_fields (tenant_id, entity, lower(name));
CREATE TRIGGER custom_fields_version BEFORE UPDATE ON custom_fields FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER custom_fields_writer BEFORE INSERT OR UPDATE ON custom_fields FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();

-- The values: key = field id, value as the field's type; an empty value has no key. Campaigns carry
-- theirs in their own table (migration 1041).
ALTER TABLE budget_items ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(custom_fields) = 'object');
ALTER TABLE expenses ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(custom_fields) = 'object');
