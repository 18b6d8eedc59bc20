-- Issue 35 part C / DESIGN.md §18: webhooks.
--
-- webhooks: an account's receivers (at most 10, checked by the service). The signing secret is kept
-- sealed with SSO_SECRET_KEY (lib/secret-box.ts), never in clear.
--
-- The outbox: statement-level triggers on the tables people change write one webhook_events row per
-- changed row, and a trigger on webhook_events one webhook_deliveries row per active webhook of the
-- tenant subscribed to its type, inside the writing transaction: whoever writes (a form, a grid, a
-- paste, an import, an undo, hand SQL) emits, and a rolled-back write emits nothing. A tenant without
-- an active webhook for the event pays one EXISTS on webhooks per statement, nothing per row.
--
-- Delivery: every instance's dispatcher (modules/webhooks/webhook-dispatcher.ts) claims due pending
-- deliveries with FOR UPDATE SKIP LOCKED and a lease, POSTs them and records the outcome; status 1
-- pending, 2 delivered, 3 failed (retried with backoff for 24 hours from the first attempt).
CREATE TABLE webhooks (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  active boolean NOT NULL DEFAULT true,
  description text,
  secret_sealed text NOT NULL,
  created_by uuid,
  -- Who changed it last (the 409's "who"), and when.
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE TRIGGER webhooks_version BEFORE UPDATE ON webhooks FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();

CREATE TABLE webhook_events (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE webhook_deliveries (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL,
  event_id uuid NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  attempts integer NOT NULL DEFAULT 0,
  -- NULL: due now (never tried). A claim pushes it a lease ahead (other instances skip the row until
  -- then, and a crashed instance's claim comes back); the attempt's outcome sets it again.
  next_attempt_at timestamptz,
  first_attempt_at timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  response_ms integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, webhook_id) REFERENCES webhooks (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, event_id) REFERENCES webhook_events (tenant_id, id) ON DELETE CASCADE
);
-- A webhook's delivery log, newest first (and its last delivery).
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (tenant_id, webhook_id, created_at DESC, id);
-- The dispatcher's scan for due work across tenants (the one statement that reads across tenants
-- by design, like the mail outbox; docs/operations.md). Small: pending rows only.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at NULLS FIRST) WHERE status = 1;

-- A base-currency or own-currency amount in minor units as the decimal the contract sends.
CREATE FUNCTION plansmith_webhook_decimal(minor bigint, code text) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(minor::numeric / power(10::numeric, plansmith_currency_digits(code)), plansmith_currency_digits(code));
$$;

CREATE FUNCTION plansmith_webhook_instant(at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;

-- The event's Data from a row (as jsonb) of `source`, in the contract's shape (webhooks.ts).
CREATE FUNCTION plansmith_webhook_data(source text, r jsonb, base text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE source
    WHEN 'expenses' THEN jsonb_build_object(
      'Id', r->'id', 'MarketingPlanId', r->'marketing_plan_id', 'BudgetItemId', r->'budget_item_id',
      'Name', r->'name', 'Payee', r->'payee', 'Description', r->'description', 'PurchaseOrder', r->'purchase_order',
      'PurchaseDate', r->'purchase_date', 'Currency', coalesce(r->>'currency', base),
      'Amount', plansmith_webhook_decimal(coalesce((r->>'amount_minor')::bigint, (r->>'amount_cents')::bigint), coalesce(r->>'currency', base)),
      'BaseAmount', plansmith_webhook_decimal((r->>'amount_cents')::bigint, base),
      'Status', r->'status', 'CategoryType', r->'category_type', 'Active', r->'active', 'Version', r->'version',
      'UpdatedAt', plansmith_webhook_instant((r->>'updated_at')::timestamptz))
    WHEN 'budget_items' THEN jsonb_build_object(
      'Id', r->'id', 'MarketingPlanId', r->'marketing_plan_id', 'BudgetCategoryId', r->'budget_category_id',
      'Name', r->'name', 'Description', r->'description', 'Currency', coalesce(r->>'currency', base),
      'Amount', plansmith_webhook_decimal(coalesce((r->>'amount_minor')::bigint, (r->>'amount_cents')::bigint), coalesce(r->>'currency', base)),
      'BaseAmount', plansmith_webhook_decimal((r->>'amount_cents')::bigint, base),
      'Active', r->'active', 'Version', r->'version',
      'UpdatedAt', plansmith_webhook_instant((r->>'updated_at')::timestamptz))
    WHEN 'marketing_plans' THEN jsonb_build_object(
      'Id', r->'id', 'TeamId', r->'team_id', 'Name', r->'name', 'Description', r->'description', 'Active', r->'active',
      'State', r->'state', 'StartDate', r->'start_date', 'EndDate', r->'end_date', 'Currency', coalesce(r->>'currency', base),
      'Version', r->'version', 'UpdatedAt', plansmith_webhook_instant((r->>'updated_at')::timestamptz))
    WHEN 'approval_requests' THEN jsonb_build_object(
      'Id', r->'id', 'Kind', CASE (r->>'kind')::integer WHEN 1 THEN 'expense' ELSE 'budget_change' END,
      'MarketingPlanId', r->'marketing_plan_id', 'ExpenseId', r->'expense_id', 'BudgetItemId', r->'budget_item_id',
      'What', r->'what', 'BaseAmount', plansmith_webhook_decimal((r->>'amount_cents')::bigint, base),
      'Decision', CASE (r->>'status')::integer WHEN 2 THEN 'approved' ELSE 'rejected' END,
      'DecidedBy', r->'decided_by',
      'DecidedAt', CASE WHEN r->>'decided_at' IS NULL THEN 'null'::jsonb ELSE to_jsonb(plansmith_webhook_instant((r->>'decided_at')::timestamptz)) END,
      'Note', r->'note')
    WHEN 'plan_periods' THEN jsonb_build_object(
      'MarketingPlanId', r->'marketing_plan_id', 'Month', left(r->>'month', 7),
      'Unspent', CASE (r->>'unspent')::integer WHEN 1 THEN 'roll_forward' ELSE 'release' END,
      'ClosedBy', r->'closed_by', 'ClosedAt', plansmith_webhook_instant((r->>'closed_at')::timestamptz))
  END;
$$;

-- TG_ARGV[0]: the events' prefix (expense, budget_item, plan), or the whole type for the tables with
-- one event (approval.decided: a pending request decided; month.closed: a month's row inserted).
CREATE FUNCTION plansmith_webhook_emit() RETURNS trigger
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
       AND (TG_TABLE_NAME <> 'marketing_plans' OR (to_jsonb(o)->>'state')::integer <> 3);
  ELSIF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id IN (SELECT n.tenant_id FROM new_rows n) AND w.active AND ev = ANY (w.events)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO webhook_events (tenant_id, type, data)
    SELECT n.tenant_id, ev, plansmith_webhook_data(TG_TABLE_NAME, to_jsonb(n), t.base_currency)
      FROM new_rows n JOIN tenants t ON t.id = n.tenant_id
     WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.tenant_id = n.tenant_id AND w.active AND ev = ANY (w.events))
       AND (TG_TABLE_NAME <> 'marketing_plans' OR (to_jsonb(n)->>'state')::integer <> 3);
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
       AND (TG_TABLE_NAME <> 'approval_requests' OR ((o.j->>'status')::integer = 1 AND (n.j->>'status')::integer IN (2, 3)));
  END IF;
  RETURN NULL;
END;
$$;

-- Each new event goes to every active webhook of its tenant subscribed to its type (a ping, written
-- by Test with its one delivery, is for no one else).
CREATE FUNCTION plansmith_webhook_fan_out() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (tenant_id, webhook_id, event_id)
  SELECT e.tenant_id, w.id, e.id
    FROM new_events e
    JOIN webhooks w ON w.tenant_id = e.tenant_id AND w.active AND e.type = ANY (w.events)
   WHERE e.type <> 'ping';
  RETURN NULL;
END;
$$;
CREATE TRIGGER webhook_events_fan_out AFTER INSERT ON webhook_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_fan_out();

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('expenses', 'expense'),
    ('budget_items', 'budget_item'),
    ('marketing_plans', 'plan')
  ) AS v(table_name, prefix) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit(%L)',
                   t.table_name || '_webhooks_insert', t.table_name, t.prefix);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit(%L)',
                   t.table_name || '_webhooks_update', t.table_name, t.prefix);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit(%L)',
                   t.table_name || '_webhooks_delete', t.table_name, t.prefix);
  END LOOP;
END;
$$;
CREATE TRIGGER approval_requests_webhooks_update AFTER UPDATE ON approval_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit('approval.decided');
CREATE TRIGGER plan_periods_webhooks_insert AFTER INSERT ON plan_periods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_webhook_emit('month.closed');
