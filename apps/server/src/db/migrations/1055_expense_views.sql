-- Issue 33 part F / DESIGN.md §16: saved views of the expenses list. A view is one person's own
-- (private: only its owner lists, changes or deletes it): the list's filters and sort and the
-- table's visible columns, as the contract's ExpenseViewFilters and column keys.
CREATE TABLE expense_views (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  user_id uuid NOT NULL,
  name text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}',
  columns jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- A person's view names differ, ignoring case; the index also serves their list.
CREATE UNIQUE INDEX expense_views_owner_name ON expense_views (tenant_id, user_id, lower(name));
CREATE TRIGGER expense_views_version BEFORE UPDATE ON expense_views FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
