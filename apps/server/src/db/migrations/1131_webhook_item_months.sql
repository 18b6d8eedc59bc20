-- Issue 35 part F: webhook gaps of 1130.
--
-- 1. An item's monthly phasing (budget_item_months: SetMonth, SaveMonths, a paste into the grid, the
--    close's roll-forward, an import) emits `budget_item.updated` with the item as it is now, also when
--    the item's own row does not change (amounts moved between months). One event per item per
--    transaction: a write that changes the months in several statements and the item's row too
--    (SetMonth: delete, upsert, the item's total) merges into the item's one event of this
--    transaction (its Data the latest), as does the item's own update into a months' event. A new
--    item phased in the transaction that created it keeps its one budget_item.created (Data updated).
-- 2. Expenses and budget items of plays (template plans, state 3) emit nothing, as the plays do. A
--    play's deletion cascades to its rows after the play is gone, so a row trigger on the play's
--    deletion notes its id for the rest of the transaction (plansmith.webhook_deleted_plays).

-- The transaction that wrote the event (top-level id: the same inside savepoints), to merge into.
ALTER TABLE webhook_events ADD COLUMN tx bigint NOT NULL DEFAULT txid_current();
CREATE INDEX webhook_events_tx_idx ON webhook_events (tenant_id, tx);

-- True when `r` (a row of `source` as jsonb) belongs to a play: one that exists, or one deleted earlier
-- in this transaction.
CREATE FUNCTION plansmith_webhook_of_play(source text, tenant uuid, r jsonb) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT source IN ('expenses', 'budget_items', 'budget_item_months') AND (
    EXISTS (SELECT 1 FROM marketing_plans p
             WHERE p.tenant_id = tenant AND p.id = (r->>'marketing_plan_id')::uuid AND p.state = 3)
    OR (r->>'marketing_plan_id') = ANY (string_to_array(coalesce(current_setting('plansmith.webhook_deleted_plays', true), ''), ',')));
$$;

CREATE FUNCTION plansmith_webhook_note_deleted_play() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('plansmith.webhook_deleted_plays',
    coalesce(nullif(current_setting('plansmith.webhook_deleted_plays', true), '') || ',', '') || OLD.id::text, true);
  RETURN OLD;
END;
$$;
CREATE TRIGGER marketing_plans_webhooks_deleted_play BEFORE DELETE ON marketing_plans
  FOR EACH ROW WHEN (OLD.state = 3) EXECUTE FUNCTION plansmith_webhook_note_deleted_play();

-- budget_item.updated for `items` ({tenant_id, id} of budget items, possibly repeated): the item's
-- event of this transaction (created or updated) gets the latest Data, else a new event is written.
-- Items gone, of a play, or of a tenant without an active hook for budget_item.updated: nothing.
CREATE FUNCTION plansmith_webhook_item_changed(items jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT DISTINCT (x->>'tenant_id')::uuid AS tenant_id, (x->>'id')::uuid AS id FROM jsonb_array_elements(items) x
  ), changed AS (
    SELECT i.tenant_id, i.id::text AS id, plansmith_webhook_data('budget_items', to_jsonb(i), t.base_currency) AS data
      FROM touched c
      JOIN budget_items i ON i.tenant_id = c.tenant_id AND i.id = c.id
      JOIN tenants t ON t.id = i.tenant_id
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = i.tenant_id AND w.active AND 'budget_item.updated' = ANY (w.events))
       AND NOT plansmith_webhook_of_play('budget_items', i.tenant_id, to_jsonb(i))
  ), merged AS (
    UPDATE webhook_events e SET data = c.data
      FROM changed c
     WHERE e.tenant_id = c.tenant_id AND e.tx = txid_current()
       AND e.type IN ('budget_item.created', 'budget_item.updated') AND e.data->>'Id' = c.id
    RETURNING e.tenant_id, e.data->>'Id' AS id
  )
  INSERT INTO webhook_events (tenant_id, type, data)
  SELECT c.tenant_id, 'budget_item.updated', c.data FROM changed c
   WHERE NOT EXISTS (SELECT 1 FROM merged m WHERE m.tenant_id = c.tenant_id AND m.id = c.id);
END;
$$;

-- budget_item_months: the items whose months were inserted, changed (a new version) or deleted.
CREATE FUNCTION plansmith_webhook_emit_item_months() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  items jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'id', n.budget_item_id)) INTO items FROM new_rows n
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND 'budget_item.updated' = ANY (w.events));
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'id', o.budget_item_id)) INTO items FROM old_rows o
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = o.tenant_id AND w.active AND 'budget_item.updated' = ANY (w.events));
  ELSE
    SELECT jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'id', n.budget_item_id)) INTO items
      FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.budget_item_id = n.budget_item_id AND o.month = n.month
     WHERE n.version IS DISTINCT FROM o.version
       AND EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND 'budget_item.updated' = ANY (w.events));
  END IF;
  IF items IS NOT NULL THEN
    PERFORM plansmith_webhook_item_changed(items);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER budget_item_months_webhooks_insert AFTER INSERT ON budget_item_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit_item_months();
CREATE TRIGGER budget_item_months_webhooks_update AFTER UPDATE ON budget_item_months REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit_item_months();
CREATE TRIGGER budget_item_months_webhooks_delete AFTER DELETE ON budget_item_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit_item_months();

-- budget_items' own update (a new version) merges the same way.
CREATE FUNCTION plansmith_webhook_emit_item_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  items jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'id', n.id)) INTO items
    FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
   WHERE n.version IS DISTINCT FROM o.version
     AND EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND 'budget_item.updated' = ANY (w.events));
  IF items IS NOT NULL THEN
    PERFORM plansmith_webhook_item_changed(items);
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER budget_items_webhooks_update ON budget_items;
CREATE TRIGGER budget_items_webhooks_update AFTER UPDATE ON budget_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit_item_update();

-- 1130's emitter, with the rows of plays left out (expenses, budget items; plans already were).
CREATE OR REPLACE FUNCTION plansmith_webhook_emit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ev text := CASE WHEN TG_ARGV[0] LIKE '%.%' THEN TG_ARGV[0]
                  ELSE TG_ARGV[0] || CASE TG_OP WHEN 'INSERT' THEN '.created' WHEN 'UPDATE' THEN '.updated' ELSE '.deleted' END END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id IN (SELECT o.tenant_id FROM old_rows o) AND w.active AND ev = ANY (w.events)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO webhook_events (tenant_id, type, data)
    SELECT o.tenant_id, ev, plansmith_webhook_data(TG_TABLE_NAME, to_jsonb(o), t.base_currency)
      FROM old_rows o JOIN tenants t ON t.id = o.tenant_id
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = o.tenant_id AND w.active AND ev = ANY (w.events))
       AND (TG_TABLE_NAME <> 'marketing_plans' OR (to_jsonb(o)->>'state')::integer <> 3)
       AND NOT plansmith_webhook_of_play(TG_TABLE_NAME, o.tenant_id, to_jsonb(o));
  ELSIF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id IN (SELECT n.tenant_id FROM new_rows n) AND w.active AND ev = ANY (w.events)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO webhook_events (tenant_id, type, data)
    SELECT n.tenant_id, ev, plansmith_webhook_data(TG_TABLE_NAME, to_jsonb(n), t.base_currency)
      FROM new_rows n JOIN tenants t ON t.id = n.tenant_id
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND ev = ANY (w.events))
       AND (TG_TABLE_NAME <> 'marketing_plans' OR (to_jsonb(n)->>'state')::integer <> 3)
       AND NOT plansmith_webhook_of_play(TG_TABLE_NAME, n.tenant_id, to_jsonb(n));
  ELSE
    IF NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id IN (SELECT n.tenant_id FROM new_rows n) AND w.active AND ev = ANY (w.events)) THEN
      RETURN NULL;
    END IF;
    -- A change of version (anything but updated_at changed: migration 0980). approval_requests: only
    -- a pending request that is now approved or rejected.
    INSERT INTO webhook_events (tenant_id, type, data)
    SELECT n.tenant_id, ev, plansmith_webhook_data(TG_TABLE_NAME, n.j, t.base_currency)
      FROM (SELECT x.tenant_id, to_jsonb(x) AS j FROM new_rows x) n
      JOIN (SELECT y.tenant_id, to_jsonb(y) AS j FROM old_rows y) o ON o.tenant_id = n.tenant_id AND o.j->'id' = n.j->'id'
      JOIN tenants t ON t.id = n.tenant_id
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND ev = ANY (w.events))
       AND n.j->'version' IS DISTINCT FROM o.j->'version'
       AND (TG_TABLE_NAME <> 'marketing_plans' OR (n.j->>'state')::integer <> 3)
       AND (TG_TABLE_NAME <> 'approval_requests' OR ((o.j->>'status')::integer = 1 AND (n.j->>'status')::integer IN (2, 3)))
       AND NOT plansmith_webhook_of_play(TG_TABLE_NAME, n.tenant_id, n.j);
  END IF;
  RETURN NULL;
END;
$$;
