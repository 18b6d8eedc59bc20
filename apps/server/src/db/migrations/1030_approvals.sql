-- Issue 32 / DESIGN.md §15: approvals. A team's policy says from which Amount an expense (and, after the
-- baseline lock, a budget change) waits for an approver; a request waits in approval_requests and the
-- expense carries its approval state. A pending expense counts as Requested, not as Committed or
-- Actual, in every figure until it is approved.

-- The team's policy (ApprovalClient/SavePolicy). A threshold null is off. approver_ids null: the team's
-- Leads decide; otherwise exactly those people (tenant Members who see the team, or Admins/Owners).
CREATE TABLE approval_policies (
  tenant_id uuid NOT NULL,
  team_id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  expense_threshold_cents bigint CHECK (expense_threshold_cents >= 0),
  budget_change_threshold_cents bigint CHECK (budget_change_threshold_cents >= 0),
  approver_ids uuid[],
  changed_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, team_id),
  FOREIGN KEY (tenant_id, team_id) REFERENCES teams (tenant_id, id) ON DELETE CASCADE
);
CREATE TRIGGER approval_policies_version BEFORE UPDATE ON approval_policies FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();
CREATE TRIGGER approval_policies_writer BEFORE INSERT OR UPDATE ON approval_policies FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();

-- Every team has its policy from the start (all off), so a save always carries the Version it read.
CREATE FUNCTION plansmith_team_policy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO approval_policies (tenant_id, team_id) SELECT n.tenant_id, n.id FROM new_teams n ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER teams_approval_policy AFTER INSERT ON teams REFERENCING NEW TABLE AS new_teams
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_team_policy();
INSERT INTO approval_policies (tenant_id, team_id) SELECT tenant_id, id FROM teams;

-- An expense's approval: 0 none, 1 pending (a request waits), 2 approved, 3 rejected. Its Status stays
-- what it was saved with (2 committed or 3 actual) while pending; approved_amount_cents is the Amount
-- last approved (raising the Amount above it asks again), approval_note the decision's note.
ALTER TABLE expenses ADD COLUMN approval smallint NOT NULL DEFAULT 0 CHECK (approval BETWEEN 0 AND 3);
ALTER TABLE expenses ADD COLUMN approved_amount_cents bigint;
ALTER TABLE expenses ADD COLUMN approval_note text;

-- One request per ask: an expense's (kind 1) or a budget change's (kind 2, `change` holds what to
-- apply). Status 1 pending, 2 approved, 3 rejected, 4 withdrawn (the requester changed the expense so
-- that it no longer needs approval, or deleted it). Decisions lock the row and check its version.
CREATE TABLE approval_requests (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL,
  version integer NOT NULL DEFAULT 1,
  kind smallint NOT NULL CHECK (kind IN (1, 2)),
  marketing_plan_id uuid NOT NULL,
  budget_item_id uuid,
  expense_id uuid,
  what text NOT NULL,
  amount_cents bigint NOT NULL,
  requested_status smallint,
  change jsonb,
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4),
  requested_by uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid,
  decided_at timestamptz,
  note text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, marketing_plan_id) REFERENCES marketing_plans (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, expense_id) REFERENCES expenses (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX approval_requests_open_expense ON approval_requests (tenant_id, expense_id) WHERE status = 1;
CREATE INDEX approval_requests_status_idx ON approval_requests (tenant_id, status, requested_at);
CREATE TRIGGER approval_requests_version BEFORE UPDATE ON approval_requests FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();

-- The dashboard's open expenses (migration 1003) are planned or committed money that should have
-- become actual; a pending request is neither until it is approved.
DROP INDEX expenses_open_idx;
CREATE INDEX expenses_open_idx ON expenses (tenant_id, marketing_plan_id, purchase_date, id) INCLUDE (amount_cents)
  WHERE active AND status IN (1, 2) AND approval <> 1;

-- The kept sums (migrations 1000 and 1002) count a pending expense under status 4 (requested), so
-- every figure that reads planned/committed/actual leaves it out, and Requested is its own figure.
-- (No expense is pending yet, so nothing kept needs recounting.)
CREATE OR REPLACE FUNCTION plansmith_expense_sums() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      WITH delta AS (
        SELECT n.tenant_id, coalesce(n.budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid) AS budget_item_id,
               n.marketing_plan_id, date_trunc('month', n.purchase_date::timestamp)::date AS month, CASE WHEN n.approval = 1 THEN 4 ELSE n.status END::smallint AS status,
               sum(n.amount_cents)::bigint AS amount_cents, count(*)::integer AS expense_count
        FROM new_rows n WHERE n.active
        GROUP BY 1, 2, 3, 4, 5
      )
      INSERT INTO expense_sums AS s (tenant_id, budget_item_id, marketing_plan_id, month, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, budget_item_id, marketing_plan_id, month, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.budget_item_id, s.marketing_plan_id, s.month, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_sums s WHERE s.tenant_id = r.tenant_id AND s.budget_item_id = r.budget_item_id
          AND s.marketing_plan_id = r.marketing_plan_id AND s.month = r.month AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR r IN
      WITH delta AS (
        SELECT d.tenant_id, coalesce(d.budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid) AS budget_item_id,
               d.marketing_plan_id, date_trunc('month', d.purchase_date::timestamp)::date AS month, d.status,
               sum(d.amount_cents)::bigint AS amount_cents, sum(d.n)::integer AS expense_count
        FROM (
          SELECT n.tenant_id, n.budget_item_id, n.marketing_plan_id, n.purchase_date, CASE WHEN n.approval = 1 THEN 4 ELSE n.status END::smallint AS status, n.amount_cents, 1 AS n
          FROM new_rows n WHERE n.active
          UNION ALL
          SELECT o.tenant_id, o.budget_item_id, o.marketing_plan_id, o.purchase_date, CASE WHEN o.approval = 1 THEN 4 ELSE o.status END::smallint AS status, -o.amount_cents, -1
          FROM old_rows o WHERE o.active
        ) d
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(d.amount_cents) <> 0 OR sum(d.n) <> 0
      )
      INSERT INTO expense_sums AS s (tenant_id, budget_item_id, marketing_plan_id, month, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, budget_item_id, marketing_plan_id, month, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.budget_item_id, s.marketing_plan_id, s.month, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_sums s WHERE s.tenant_id = r.tenant_id AND s.budget_item_id = r.budget_item_id
          AND s.marketing_plan_id = r.marketing_plan_id AND s.month = r.month AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      WITH delta AS (
        SELECT o.tenant_id, coalesce(o.budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid) AS budget_item_id,
               o.marketing_plan_id, date_trunc('month', o.purchase_date::timestamp)::date AS month, CASE WHEN o.approval = 1 THEN 4 ELSE o.status END::smallint AS status,
               -sum(o.amount_cents)::bigint AS amount_cents, -count(*)::integer AS expense_count
        FROM old_rows o WHERE o.active
        GROUP BY 1, 2, 3, 4, 5
      )
      INSERT INTO expense_sums AS s (tenant_id, budget_item_id, marketing_plan_id, month, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, budget_item_id, marketing_plan_id, month, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.budget_item_id, s.marketing_plan_id, s.month, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_sums s WHERE s.tenant_id = r.tenant_id AND s.budget_item_id = r.budget_item_id
          AND s.marketing_plan_id = r.marketing_plan_id AND s.month = r.month AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM expense_sums;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION plansmith_expense_payee_sums() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      WITH delta AS (
        SELECT n.tenant_id, n.marketing_plan_id, n.payee IS NULL AS no_payee, coalesce(n.payee, '') AS payee, CASE WHEN n.approval = 1 THEN 4 ELSE n.status END::smallint AS status,
               sum(n.amount_cents)::bigint AS amount_cents, count(*)::integer AS expense_count
        FROM new_rows n WHERE n.active
        GROUP BY 1, 2, 3, 4, 5
      )
      INSERT INTO expense_payee_sums AS s (tenant_id, marketing_plan_id, no_payee, payee, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, marketing_plan_id, no_payee, payee, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.no_payee, s.payee, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_payee_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id
          AND s.no_payee = r.no_payee AND s.payee = r.payee AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR r IN
      WITH delta AS (
        SELECT d.tenant_id, d.marketing_plan_id, d.payee IS NULL AS no_payee, coalesce(d.payee, '') AS payee, d.status,
               sum(d.amount_cents)::bigint AS amount_cents, sum(d.n)::integer AS expense_count
        FROM (
          SELECT n.tenant_id, n.marketing_plan_id, n.payee, CASE WHEN n.approval = 1 THEN 4 ELSE n.status END::smallint AS status, n.amount_cents, 1 AS n
          FROM new_rows n WHERE n.active
          UNION ALL
          SELECT o.tenant_id, o.marketing_plan_id, o.payee, CASE WHEN o.approval = 1 THEN 4 ELSE o.status END::smallint AS status, -o.amount_cents, -1
          FROM old_rows o WHERE o.active
        ) d
        GROUP BY 1, 2, 3, 4, 5
        HAVING sum(d.amount_cents) <> 0 OR sum(d.n) <> 0
      )
      INSERT INTO expense_payee_sums AS s (tenant_id, marketing_plan_id, no_payee, payee, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, marketing_plan_id, no_payee, payee, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.no_payee, s.payee, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_payee_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id
          AND s.no_payee = r.no_payee AND s.payee = r.payee AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      WITH delta AS (
        SELECT o.tenant_id, o.marketing_plan_id, o.payee IS NULL AS no_payee, coalesce(o.payee, '') AS payee, CASE WHEN o.approval = 1 THEN 4 ELSE o.status END::smallint AS status,
               -sum(o.amount_cents)::bigint AS amount_cents, -count(*)::integer AS expense_count
        FROM old_rows o WHERE o.active
        GROUP BY 1, 2, 3, 4, 5
      )
      INSERT INTO expense_payee_sums AS s (tenant_id, marketing_plan_id, no_payee, payee, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, marketing_plan_id, no_payee, payee, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.no_payee, s.payee, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_payee_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id
          AND s.no_payee = r.no_payee AND s.payee = r.payee AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM expense_payee_sums;
  END IF;
  RETURN NULL;
END;
$$;
