-- Issue 30 / DESIGN.md §13: every row a person edits carries an integer version, 1 when created and
-- one more on every change, whoever makes it (a form, a grid, a paste, an import, an undo, a bulk
-- edit, a server-side move). The trigger, not each writer, counts the change, so no writer can
-- forget: an UPDATE that changes anything but updated_at (and the version itself) adds one; one that
-- changes nothing keeps the version. Writers check the version the person read with
-- db/row-versions.ts (the row locked FOR UPDATE) and answer 409 on a mismatch.
CREATE FUNCTION plansmith_bump_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'version' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'version' - 'updated_at') THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END;
$$;

ALTER TABLE marketing_plans ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE budget_items ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE budget_item_months ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE expenses ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE budget_categories ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE lookups ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE objectives ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE objective_results ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE expectations ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE funnel_models ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE funnel_stage_settings ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE activities ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE teams ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE comments ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE TRIGGER marketing_plans_version BEFORE UPDATE ON marketing_plans FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER budget_items_version BEFORE UPDATE ON budget_items FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER budget_item_months_version BEFORE UPDATE ON budget_item_months FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER expenses_version BEFORE UPDATE ON expenses FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER budget_categories_version BEFORE UPDATE ON budget_categories FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER lookups_version BEFORE UPDATE ON lookups FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER objectives_version BEFORE UPDATE ON objectives FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER objective_results_version BEFORE UPDATE ON objective_results FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER expectations_version BEFORE UPDATE ON expectations FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER funnel_models_version BEFORE UPDATE ON funnel_models FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER funnel_stage_settings_version BEFORE UPDATE ON funnel_stage_settings FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER activities_version BEFORE UPDATE ON activities FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER teams_version BEFORE UPDATE ON teams FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER comments_version BEFORE UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
