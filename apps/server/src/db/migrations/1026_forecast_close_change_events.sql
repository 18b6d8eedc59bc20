-- Issue 31 / DESIGN.md §13–§14 (live changes of the marketing-ops month): the tables of migration
-- 1021 announce their committed changes on 'plansmith_changes' as 0990's tables do, so another tab's
-- forecast save, month close or reopen, baseline lock and reallocation refresh the open Forecast
-- view, close screen, plan page and dashboard. (The plan's baseline_locked_at/by columns are
-- marketing_plans columns: already announced as MarketingPlan.)
--   budget_item_forecasts → BudgetItemForecast, id = its item (with the month, like a month cell),
--                           plan through budget_items;
--   budget_item_baselines → BudgetItemBaseline, id = its item (a lock writes every item's months:
--                           usually one bulk notice);
--   budget_changes        → BudgetChange, id = the change;
--   plan_periods          → PlanPeriod, id = its plan (with the month closed or reopened).
-- The last three carry marketing_plan_id, which 0990/0991 already read for any other table.

-- A forecast cell finds its plan through its item, as a month cell does.
CREATE OR REPLACE FUNCTION plansmith_change_plan(entity_table text, row_json jsonb) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE entity_table
    WHEN 'marketing_plans' THEN row_json->>'id'
    WHEN 'budget_item_months' THEN (
      SELECT b.marketing_plan_id::text FROM budget_items b
       WHERE b.tenant_id = (row_json->>'tenant_id')::uuid AND b.id = (row_json->>'budget_item_id')::uuid)
    WHEN 'budget_item_forecasts' THEN (
      SELECT b.marketing_plan_id::text FROM budget_items b
       WHERE b.tenant_id = (row_json->>'tenant_id')::uuid AND b.id = (row_json->>'budget_item_id')::uuid)
    WHEN 'objective_results' THEN (
      SELECT o.marketing_plan_id::text FROM objectives o
       WHERE o.tenant_id = (row_json->>'tenant_id')::uuid AND o.id = (row_json->>'objective_id')::uuid)
    ELSE row_json->>'marketing_plan_id'
  END
$$;

-- 0991's function with forecast cells grouped by their item's plan. Forecast cells deleted with
-- their item (ON DELETE CASCADE) no longer find a plan: they are not announced — the item's own
-- deletion is, to its plan's readers — rather than announced without a plan, which would reach
-- every reader of the tenant.
CREATE OR REPLACE FUNCTION plansmith_publish_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  actor text := nullif(current_setting('plansmith.actor', true), '');
  op text := CASE TG_OP WHEN 'DELETE' THEN 'deleted' ELSE 'changed' END;
  row_count integer;
  groups text;
  plan_id text;
  r record;
BEGIN
  SELECT count(*) INTO row_count FROM changed_rows;
  IF row_count = 0 THEN
    RETURN NULL;
  END IF;
  IF row_count <= 20 THEN
    FOR r IN SELECT to_jsonb(c) AS j FROM changed_rows c LOOP
      plan_id := plansmith_change_plan(TG_TABLE_NAME, r.j);
      CONTINUE WHEN plan_id IS NULL AND TG_TABLE_NAME = 'budget_item_forecasts';
      PERFORM pg_notify('plansmith_changes', json_build_object(
        't', r.j->>'tenant_id',
        'e', entity,
        'o', op,
        'i', r.j->>id_column,
        'p', plan_id,
        'tm', CASE TG_TABLE_NAME WHEN 'marketing_plans' THEN r.j->>'team_id' WHEN 'teams' THEN r.j->>'id'
                                 WHEN 'team_members' THEN r.j->>'team_id' END,
        'v', (r.j->>'version')::integer,
        'm', r.j->>'month',
        'a', actor)::text);
    END LOOP;
    RETURN NULL;
  END IF;
  groups := CASE TG_TABLE_NAME
    WHEN 'marketing_plans' THEN 'SELECT c.tenant_id::text AS t, c.id::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1, 2'
    WHEN 'budget_item_months' THEN
      'SELECT c.tenant_id::text AS t, b.marketing_plan_id::text AS p, count(*) AS n FROM changed_rows c '
      'LEFT JOIN budget_items b ON b.tenant_id = c.tenant_id AND b.id = c.budget_item_id GROUP BY 1, 2'
    WHEN 'budget_item_forecasts' THEN
      'SELECT c.tenant_id::text AS t, b.marketing_plan_id::text AS p, count(*) AS n FROM changed_rows c '
      'JOIN budget_items b ON b.tenant_id = c.tenant_id AND b.id = c.budget_item_id GROUP BY 1, 2'
    WHEN 'objective_results' THEN
      'SELECT c.tenant_id::text AS t, o.marketing_plan_id::text AS p, count(*) AS n FROM changed_rows c '
      'LEFT JOIN objectives o ON o.tenant_id = c.tenant_id AND o.id = c.objective_id GROUP BY 1, 2'
    WHEN 'budget_categories' THEN 'SELECT c.tenant_id::text AS t, NULL::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1'
    WHEN 'lookups' THEN 'SELECT c.tenant_id::text AS t, NULL::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1'
    WHEN 'teams' THEN 'SELECT c.tenant_id::text AS t, NULL::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1'
    WHEN 'team_members' THEN 'SELECT c.tenant_id::text AS t, NULL::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1'
    ELSE 'SELECT c.tenant_id::text AS t, c.marketing_plan_id::text AS p, count(*) AS n FROM changed_rows c GROUP BY 1, 2'
  END;
  FOR r IN EXECUTE groups LOOP
    PERFORM pg_notify('plansmith_changes', json_build_object('t', r.t, 'e', entity, 'o', 'bulk', 'p', r.p, 'n', r.n, 'a', actor)::text);
  END LOOP;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('budget_item_forecasts', 'BudgetItemForecast', 'budget_item_id'),
    ('budget_item_baselines', 'BudgetItemBaseline', 'budget_item_id'),
    ('budget_changes', 'BudgetChange', 'id'),
    ('plan_periods', 'PlanPeriod', 'marketing_plan_id')
  ) AS v(table_name, entity, id_column) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes(%L, %L)',
                   t.table_name || '_changes_insert', t.table_name, t.entity, t.id_column);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes(%L, %L)',
                   t.table_name || '_changes_update', t.table_name, t.entity, t.id_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes(%L, %L)',
                   t.table_name || '_changes_delete', t.table_name, t.entity, t.id_column);
  END LOOP;
END;
$$;
