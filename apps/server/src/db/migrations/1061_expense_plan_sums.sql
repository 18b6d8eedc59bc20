-- Issue 29 part 2 (a big tenant): each plan's planned, committed, actual and requested money, kept
-- from expense_sums as expense_sums is kept from expenses. The plan list (GetMarketingPlans) summed
-- every plan's expense_sums rows (items × months × statuses: 216,000 rows for 50 plans of 120
-- items) on each call; it now reads at most four rows a plan.
--
-- Statement-level triggers on expense_sums (whoever writes it: the expenses triggers of migrations
-- 1000/1030, their ON CONFLICT updates included) add each statement's change per plan and status;
-- a key whose count reaches 0 is removed, as in expense_sums. Status as there: 1 planned,
-- 2 committed, 3 actual, 4 requested (pending approval). Keys are written in order, so two writers
-- take their row locks in the same order.
CREATE TABLE expense_plan_sums (
  tenant_id uuid NOT NULL,
  marketing_plan_id uuid NOT NULL,
  status smallint NOT NULL,
  amount_cents bigint NOT NULL,
  expense_count integer NOT NULL,
  PRIMARY KEY (tenant_id, marketing_plan_id, status)
);

CREATE FUNCTION plansmith_expense_plan_sums() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      WITH changed AS (
        SELECT n.tenant_id, n.marketing_plan_id, n.status, n.amount_cents, n.expense_count FROM new_rows n
      ),
      delta AS (
        SELECT tenant_id, marketing_plan_id, status, sum(amount_cents)::bigint AS amount_cents, sum(expense_count)::integer AS expense_count
        FROM changed
        GROUP BY 1, 2, 3
        HAVING sum(amount_cents) <> 0 OR sum(expense_count) <> 0
      )
      INSERT INTO expense_plan_sums AS s (tenant_id, marketing_plan_id, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, marketing_plan_id, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_plan_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR r IN
      WITH changed AS (
        SELECT n.tenant_id, n.marketing_plan_id, n.status, n.amount_cents, n.expense_count FROM new_rows n
        UNION ALL
        SELECT o.tenant_id, o.marketing_plan_id, o.status, -o.amount_cents AS amount_cents, -o.expense_count AS expense_count FROM old_rows o
      ),
      delta AS (
        SELECT tenant_id, marketing_plan_id, status, sum(amount_cents)::bigint AS amount_cents, sum(expense_count)::integer AS expense_count
        FROM changed
        GROUP BY 1, 2, 3
        HAVING sum(amount_cents) <> 0 OR sum(expense_count) <> 0
      )
      INSERT INTO expense_plan_sums AS s (tenant_id, marketing_plan_id, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, marketing_plan_id, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_plan_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      WITH changed AS (
        SELECT o.tenant_id, o.marketing_plan_id, o.status, -o.amount_cents AS amount_cents, -o.expense_count AS expense_count FROM old_rows o
      ),
      delta AS (
        SELECT tenant_id, marketing_plan_id, status, sum(amount_cents)::bigint AS amount_cents, sum(expense_count)::integer AS expense_count
        FROM changed
        GROUP BY 1, 2, 3
        HAVING sum(amount_cents) <> 0 OR sum(expense_count) <> 0
      )
      INSERT INTO expense_plan_sums AS s (tenant_id, marketing_plan_id, status, amount_cents, expense_count)
      SELECT * FROM delta ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, marketing_plan_id, status) DO UPDATE
        SET amount_cents = s.amount_cents + excluded.amount_cents, expense_count = s.expense_count + excluded.expense_count
      RETURNING s.tenant_id, s.marketing_plan_id, s.status, s.expense_count
    LOOP
      IF r.expense_count = 0 THEN
        DELETE FROM expense_plan_sums s WHERE s.tenant_id = r.tenant_id AND s.marketing_plan_id = r.marketing_plan_id AND s.status = r.status;
      END IF;
    END LOOP;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM expense_plan_sums;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER expense_sums_plan_insert AFTER INSERT ON expense_sums REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_plan_sums();
CREATE TRIGGER expense_sums_plan_update AFTER UPDATE ON expense_sums REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_plan_sums();
CREATE TRIGGER expense_sums_plan_delete AFTER DELETE ON expense_sums REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_plan_sums();
CREATE TRIGGER expense_sums_plan_truncate AFTER TRUNCATE ON expense_sums
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_expense_plan_sums();

-- The sums of the expenses already there (the triggers above hold expense_sums' writers back until this commits).
LOCK TABLE expense_sums IN SHARE MODE;
INSERT INTO expense_plan_sums (tenant_id, marketing_plan_id, status, amount_cents, expense_count)
SELECT tenant_id, marketing_plan_id, status, sum(amount_cents)::bigint, sum(expense_count)::integer
FROM expense_sums
GROUP BY 1, 2, 3;
