-- Issue 30 / DESIGN.md §13 (live changes): every change to a row people edit is announced on the
-- channel 'plansmith_changes' when its transaction commits (NOTIFY is held until COMMIT and dropped
-- on ROLLBACK), whoever writes it: a form, a grid, a paste, an import, an undo, a move, a hand-typed
-- UPDATE. Every server process LISTENs (modules/events) and passes the change on to the browsers of
-- the tenant that may read it. One statement-level trigger per table and operation, reading the
-- statement's rows from its transition table:
--   * up to 20 rows: one notice per row {t tenant, e entity, o changed|deleted, i id, p plan, tm team,
--     v version, m month, a actor} (about 250 bytes, far below NOTIFY's 8000-byte limit);
--   * more (an import's chunk of 2,000 rows, a plan's copy): one {o: 'bulk', n: rows} per tenant and
--     plan, so 20,000 imported rows are ten notices, not 20,000.
-- The actor is the transaction's 'plansmith.actor' setting (set_config(…, true) by the app for a
-- signed-in request's write transaction: db/actor.ts), null when nobody set it.
CREATE FUNCTION plansmith_change_plan(entity_table text, row_json jsonb) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE entity_table
    WHEN 'marketing_plans' THEN row_json->>'id'
    WHEN 'budget_item_months' THEN (
      SELECT b.marketing_plan_id::text FROM budget_items b
       WHERE b.tenant_id = (row_json->>'tenant_id')::uuid AND b.id = (row_json->>'budget_item_id')::uuid)
    WHEN 'objective_results' THEN (
      SELECT o.marketing_plan_id::text FROM objectives o
       WHERE o.tenant_id = (row_json->>'tenant_id')::uuid AND o.id = (row_json->>'objective_id')::uuid)
    ELSE row_json->>'marketing_plan_id'
  END
$$;

CREATE FUNCTION plansmith_publish_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entity text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  actor text := nullif(current_setting('plansmith.actor', true), '');
  op text := CASE TG_OP WHEN 'DELETE' THEN 'deleted' ELSE 'changed' END;
  row_count integer;
  r record;
BEGIN
  SELECT count(*) INTO row_count FROM changed_rows;
  IF row_count = 0 THEN
    RETURN NULL;
  END IF;
  IF row_count <= 20 THEN
    FOR r IN SELECT to_jsonb(c) AS j FROM changed_rows c LOOP
      PERFORM pg_notify('plansmith_changes', json_build_object(
        't', r.j->>'tenant_id',
        'e', entity,
        'o', op,
        'i', r.j->>id_column,
        'p', plansmith_change_plan(TG_TABLE_NAME, r.j),
        'tm', CASE TG_TABLE_NAME WHEN 'marketing_plans' THEN r.j->>'team_id' WHEN 'teams' THEN r.j->>'id'
                                 WHEN 'team_members' THEN r.j->>'team_id' END,
        'v', (r.j->>'version')::integer,
        'm', r.j->>'month',
        'a', actor)::text);
    END LOOP;
  ELSE
    FOR r IN
      SELECT x.tenant_id, x.plan_id, count(*) AS n
        FROM (SELECT to_jsonb(c)->>'tenant_id' AS tenant_id, plansmith_change_plan(TG_TABLE_NAME, to_jsonb(c)) AS plan_id
                FROM changed_rows c) x
       GROUP BY x.tenant_id, x.plan_id
    LOOP
      PERFORM pg_notify('plansmith_changes', json_build_object(
        't', r.tenant_id, 'e', entity, 'o', 'bulk', 'p', r.plan_id, 'n', r.n, 'a', actor)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('marketing_plans', 'MarketingPlan', 'id'),
    ('budget_items', 'BudgetItem', 'id'),
    ('budget_item_months', 'BudgetItemMonth', 'budget_item_id'),
    ('expenses', 'Expense', 'id'),
    ('budget_categories', 'BudgetCategory', 'id'),
    ('lookups', 'Lookup', 'id'),
    ('objectives', 'Objective', 'id'),
    ('objective_results', 'ObjectiveResult', 'id'),
    ('expectations', 'Expectation', 'funnel_stage_id'),
    ('funnel_models', 'FunnelModel', 'id'),
    ('funnel_stage_settings', 'FunnelStageSetting', 'funnel_stage_id'),
    ('activities', 'Activity', 'id'),
    ('teams', 'Team', 'id'),
    ('team_members', 'TeamMember', 'user_id'),
    ('comments', 'Comment', 'id')
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
