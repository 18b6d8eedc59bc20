-- Issue 29 part 2 (a big tenant): the money a dashboard, the budget grid and the reports show is read
-- from sums kept per budget item, plan, month and status, so what they cost follows items × months,
-- not expenses. The sums are kept by triggers on expenses in the writing transaction, whoever writes
-- (a form, an import and its undo, a plan's deletion cascading, hand SQL): no code path can forget.
--
-- Only active expenses are counted (an inactive expense is kept but counts nowhere). The month is the
-- first day of the purchase date's month. An expense on no budget item (possible in the schema, not
-- through the API) is kept under the nil uuid, which no budget item has, so a join to budget_items
-- finds nothing for it, exactly as a NULL would; a primary key cannot hold a NULL.
-- A key whose last expense leaves is removed, so a month appears only while it holds an expense.
CREATE TABLE expense_sums (
  tenant_id uuid NOT NULL,
  budget_item_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- 1 planned, 2 committed, 3 actual
  status smallint NOT NULL,
  amount_cents bigint NOT NULL,
  expense_count integer NOT NULL,
  PRIMARY KEY (tenant_id, budget_item_id, marketing_plan_id, month, status)
);
CREATE INDEX expense_sums_plan_idx ON expense_sums (tenant_id, marketing_plan_id, month);

-- One statement-level trigger per operation: the changed rows (the transition tables) are grouped by
-- key first, so an import chunk of 1,000 expenses costs one upsert per (item, month, status) it
-- touches. An update subtracts the old rows and adds the new ones; keys whose delta is nothing are
-- left alone. The upsert adds increments (ON CONFLICT DO UPDATE), so two transactions writing the
-- same key concurrently both count on PostgreSQL: the second waits for the first's row lock, then
-- adds to what it committed (or inserts again if the first removed the row). Keys are written in
-- order, so two writers of several keys take their locks in the same order.
CREATE FUNCTION plansmith_expense_sums() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      WITH delta AS (
        SELECT n.tenant_id, coalesce(n.budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid) AS budget_item_id,
               n.marketing_plan_id, date_trunc('month', n.purchase_date::timestamp)::date AS month, n.status,
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
          SELECT n.tenant_id, n.budget_item_id, n.marketing_plan_id, n.purchase_date, n.status, n.amount_cents, 1 AS n
          FROM new_rows n WHERE n.active
          UNION ALL
          SELECT o.tenant_id, o.budget_item_id, o.marketing_plan_id, o.purchase_date, o.status, -o.amount_cents, -1
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
               o.marketing_plan_id, date_trunc('month', o.purchase_date::timestamp)::date AS month, o.status,
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

CREATE TRIGGER expenses_sums_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_sums();
CREATE TRIGGER expenses_sums_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_sums();
CREATE TRIGGER expenses_sums_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_sums();
CREATE TRIGGER expenses_sums_truncate AFTER TRUNCATE ON expenses
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_sums();

-- The sums of the expenses already there (the triggers above hold writers back until this commits).
INSERT INTO expense_sums (tenant_id, budget_item_id, marketing_plan_id, month, status, amount_cents, expense_count)
SELECT e.tenant_id, coalesce(e.budget_item_id, '00000000-0000-0000-0000-000000000000'::uuid), e.marketing_plan_id,
       date_trunc('month', e.purchase_date::timestamp)::date, e.status, sum(e.amount_cents), count(*)
FROM expenses e WHERE e.active
GROUP BY 1, 2, 3, 4, 5;
