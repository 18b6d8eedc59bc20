-- Currencies (DESIGN.md §17, issue 34).
--
-- Every existing amount stays exact and where it is: `amount_cents` of budget_items,
-- budget_item_months and expenses keeps holding the amount in the tenant's BASE currency (USD unless
-- the tenant chose another at sign-up), in its minor units, and every sum, report and trigger that
-- reads it goes on reading base money. A row in another currency has `currency` set and its own
-- amount in `amount_minor` (integer minor units of that currency: JPY 0 decimals, USD 2, KWD 3); the
-- triggers below keep its `amount_cents` equal to that amount converted to the base:
--   * an expense at the rate of its purchase month (exact month; none is SQLSTATE PSF01, a 400);
--   * a budget (item or month) at its plan's budget rate: the latest rate on or before the plan's
--     `budget_rate_month` (the month the baseline was locked; before the lock the app keeps it at
--     today's month), so a month whose rate is not entered yet uses the previous one.
-- A row in the base currency has `currency` and `amount_minor` NULL: `amount_cents` is its amount.
-- Conversion rounds half away from zero to the base's minor unit, per row, before any sum: the
-- contract's convertMinorUnits computes the same.

ALTER TABLE tenants ADD COLUMN base_currency text NOT NULL DEFAULT 'USD';
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en-US'
  CHECK (locale IN ('en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'));

-- NULL: the base currency (items default to their plan's Currency).
ALTER TABLE marketing_plans ADD COLUMN currency text;
ALTER TABLE marketing_plans ADD COLUMN budget_rate_month date NOT NULL DEFAULT date_trunc('month', now())::date
  CHECK (extract(day FROM budget_rate_month) = 1);

ALTER TABLE budget_items ADD COLUMN currency text;
ALTER TABLE budget_items ADD COLUMN amount_minor bigint;
ALTER TABLE budget_items ADD CONSTRAINT budget_items_currency_amount CHECK ((currency IS NULL) = (amount_minor IS NULL));
ALTER TABLE budget_item_months ADD COLUMN amount_minor bigint;
ALTER TABLE expenses ADD COLUMN currency text;
ALTER TABLE expenses ADD COLUMN amount_minor bigint;
ALTER TABLE expenses ADD CONSTRAINT expenses_currency_amount CHECK ((currency IS NULL) = (amount_minor IS NULL));

-- The rows a rate change reconverts.
CREATE INDEX expenses_foreign_currency_idx ON expenses (tenant_id, currency, purchase_date) WHERE currency IS NOT NULL;
CREATE INDEX budget_items_foreign_currency_idx ON budget_items (tenant_id, currency) WHERE currency IS NOT NULL;

-- A tenant's monthly rates: 1 unit of `currency` = `rate` units of its base currency.
CREATE TABLE fx_rates (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  currency text NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  rate numeric(20, 8) NOT NULL CHECK (rate > 0),
  version integer NOT NULL DEFAULT 1,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, currency, month)
);
CREATE TRIGGER fx_rates_version BEFORE UPDATE ON fx_rates FOR EACH ROW EXECUTE FUNCTION plansmith_bump_version();

-- ISO 4217 minor units of the codes the contract accepts (currency-codes.ts; a test compares them).
CREATE FUNCTION plansmith_currency_digits(code text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE code WHEN 'JPY' THEN 0 WHEN 'KRW' THEN 0 WHEN 'KWD' THEN 3 WHEN 'BHD' THEN 3 WHEN 'OMR' THEN 3 ELSE 2 END;
$$;

CREATE FUNCTION plansmith_missing_rate(code text, rate_month date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'PSF01',
    MESSAGE = format('There is no %s rate for %s: an Admin enters it under Account › Currencies.', code,
                     trim(to_char(rate_month, 'FMMonth YYYY'))),
    DETAIL = code || ' ' || to_char(rate_month, 'YYYY-MM');
END;
$$;

-- `minor` units of `code` in minor units of the tenant's base currency at `rate`.
CREATE FUNCTION plansmith_convert(minor bigint, code text, rate numeric, base text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(minor::numeric * rate * (10::numeric ^ (plansmith_currency_digits(base) - plansmith_currency_digits(code))))::bigint;
$$;

-- At the rate of exactly `month` (actuals, any status of an expense); none raises PSF01.
CREATE FUNCTION plansmith_to_base_at_month(for_tenant uuid, code text, minor bigint, rate_month date) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found numeric;
  base text;
BEGIN
  SELECT t.base_currency INTO base FROM tenants t WHERE t.id = for_tenant;
  IF code = base THEN RETURN minor; END IF;
  SELECT r.rate INTO found FROM fx_rates r WHERE r.tenant_id = for_tenant AND r.currency = code AND r.month = rate_month;
  IF found IS NULL THEN PERFORM plansmith_missing_rate(code, rate_month); END IF;
  RETURN plansmith_convert(minor, code, found, base);
END;
$$;

-- At the budget rate for `month` (a plan's budget_rate_month): the latest rate on or before it.
CREATE FUNCTION plansmith_to_base_budget(for_tenant uuid, code text, minor bigint, rate_month date) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found numeric;
  base text;
BEGIN
  SELECT t.base_currency INTO base FROM tenants t WHERE t.id = for_tenant;
  IF code = base THEN RETURN minor; END IF;
  SELECT r.rate INTO found FROM fx_rates r WHERE r.tenant_id = for_tenant AND r.currency = code AND r.month <= rate_month
   ORDER BY r.month DESC LIMIT 1;
  IF found IS NULL THEN PERFORM plansmith_missing_rate(code, rate_month); END IF;
  RETURN plansmith_convert(minor, code, found, base);
END;
$$;

-- A write that changes a foreign row's base amount without its own amount is a bug of the writer
-- (it would be silently overwritten): refuse it loudly instead (SQLSTATE PSF02, a 400).
CREATE FUNCTION plansmith_refuse_base_write(code text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'PSF02',
    MESSAGE = format('This amount is in %s: change it in %s, not in the base currency.', code, code);
END;
$$;

CREATE FUNCTION plansmith_expense_to_base() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.amount_cents IS DISTINCT FROM OLD.amount_cents AND NEW.amount_minor IS NOT DISTINCT FROM OLD.amount_minor
     AND NEW.currency IS NOT DISTINCT FROM OLD.currency THEN
    PERFORM plansmith_refuse_base_write(NEW.currency);
  END IF;
  IF NEW.currency = (SELECT t.base_currency FROM tenants t WHERE t.id = NEW.tenant_id) THEN
    NEW.amount_cents := NEW.amount_minor;
    NEW.currency := NULL;
    NEW.amount_minor := NULL;
    RETURN NEW;
  END IF;
  NEW.amount_cents := plansmith_to_base_at_month(NEW.tenant_id, NEW.currency, NEW.amount_minor,
                                                 date_trunc('month', NEW.purchase_date)::date);
  RETURN NEW;
END;
$$;
CREATE TRIGGER expenses_to_base_insert BEFORE INSERT ON expenses
  FOR EACH ROW WHEN (NEW.currency IS NOT NULL) EXECUTE FUNCTION plansmith_expense_to_base();
CREATE TRIGGER expenses_to_base_update BEFORE UPDATE ON expenses
  FOR EACH ROW WHEN (NEW.currency IS NOT NULL) EXECUTE FUNCTION plansmith_expense_to_base();

-- A budget month of a foreign item: its own amount in amount_minor, converted at the plan's budget rate.
CREATE FUNCTION plansmith_budget_month_to_base() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  code text;
  rate_month date;
BEGIN
  SELECT i.currency, p.budget_rate_month INTO code, rate_month
    FROM budget_items i JOIN marketing_plans p ON p.tenant_id = i.tenant_id AND p.id = i.marketing_plan_id
   WHERE i.tenant_id = NEW.tenant_id AND i.id = NEW.budget_item_id;
  IF code IS NULL THEN
    NEW.amount_minor := NULL;
    RETURN NEW;
  END IF;
  IF NEW.amount_minor IS NULL THEN
    PERFORM plansmith_refuse_base_write(code);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.amount_cents IS DISTINCT FROM OLD.amount_cents AND NEW.amount_minor IS NOT DISTINCT FROM OLD.amount_minor THEN
    PERFORM plansmith_refuse_base_write(code);
  END IF;
  NEW.amount_cents := plansmith_to_base_budget(NEW.tenant_id, code, NEW.amount_minor, rate_month);
  RETURN NEW;
END;
$$;
CREATE TRIGGER budget_item_months_to_base BEFORE INSERT OR UPDATE ON budget_item_months
  FOR EACH ROW EXECUTE FUNCTION plansmith_budget_month_to_base();

-- A foreign item's base amount: the sum of its months' base amounts when it is phased (so the item
-- and its months agree to the cent), else its own amount converted at the plan's budget rate.
CREATE FUNCTION plansmith_budget_item_to_base() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base text;
  rate_month date;
  phased bigint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.amount_cents IS DISTINCT FROM OLD.amount_cents AND NEW.amount_minor IS NOT DISTINCT FROM OLD.amount_minor
     AND NEW.currency IS NOT DISTINCT FROM OLD.currency AND pg_trigger_depth() = 1 THEN
    PERFORM plansmith_refuse_base_write(NEW.currency);
  END IF;
  SELECT t.base_currency INTO base FROM tenants t WHERE t.id = NEW.tenant_id;
  IF NEW.currency = base THEN
    NEW.amount_cents := NEW.amount_minor;
    NEW.currency := NULL;
    NEW.amount_minor := NULL;
    RETURN NEW;
  END IF;
  SELECT sum(m.amount_cents) INTO phased FROM budget_item_months m
   WHERE m.tenant_id = NEW.tenant_id AND m.budget_item_id = NEW.id AND m.amount_minor IS NOT NULL;
  IF phased IS NOT NULL THEN
    NEW.amount_cents := phased;
    RETURN NEW;
  END IF;
  SELECT p.budget_rate_month INTO rate_month FROM marketing_plans p WHERE p.tenant_id = NEW.tenant_id AND p.id = NEW.marketing_plan_id;
  NEW.amount_cents := plansmith_to_base_budget(NEW.tenant_id, NEW.currency, NEW.amount_minor, rate_month);
  RETURN NEW;
END;
$$;
CREATE TRIGGER budget_items_to_base_insert BEFORE INSERT ON budget_items
  FOR EACH ROW WHEN (NEW.currency IS NOT NULL) EXECUTE FUNCTION plansmith_budget_item_to_base();
CREATE TRIGGER budget_items_to_base_update BEFORE UPDATE ON budget_items
  FOR EACH ROW WHEN (NEW.currency IS NOT NULL) EXECUTE FUNCTION plansmith_budget_item_to_base();

-- After a foreign item's months change, its base amount follows their sum.
CREATE FUNCTION plansmith_budget_months_refresh_items() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE budget_items i SET amount_minor = i.amount_minor
   WHERE i.currency IS NOT NULL
     AND (i.tenant_id, i.id) IN (
       SELECT n.tenant_id, n.budget_item_id FROM new_rows n WHERE n.amount_minor IS NOT NULL);
  RETURN NULL;
END;
$$;
CREATE FUNCTION plansmith_budget_months_refresh_items_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE budget_items i SET amount_minor = i.amount_minor
   WHERE i.currency IS NOT NULL
     AND (i.tenant_id, i.id) IN (SELECT o.tenant_id, o.budget_item_id FROM old_rows o WHERE o.amount_minor IS NOT NULL);
  RETURN NULL;
END;
$$;
CREATE TRIGGER budget_item_months_refresh_items_insert AFTER INSERT ON budget_item_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_budget_months_refresh_items();
CREATE TRIGGER budget_item_months_refresh_items_update AFTER UPDATE ON budget_item_months REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_budget_months_refresh_items();
CREATE TRIGGER budget_item_months_refresh_items_delete AFTER DELETE ON budget_item_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION plansmith_budget_months_refresh_items_deleted();

-- Reconverting budgets at a new budget rate changes only the base figure of a closed month's budget,
-- never its own amount: the closed-month guard lets that one statement through.
CREATE OR REPLACE FUNCTION plansmith_guard_closed_budget_months() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  IF current_setting('plansmith.fx_reconvert', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.month INTO closed FROM new_rows n
      JOIN budget_items i ON i.tenant_id = n.tenant_id AND i.id = n.budget_item_id
      JOIN plan_periods p ON p.tenant_id = i.tenant_id AND p.marketing_plan_id = i.marketing_plan_id AND p.month = n.month
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.month INTO closed FROM old_rows o
      JOIN budget_items i ON i.tenant_id = o.tenant_id AND i.id = o.budget_item_id
      JOIN plan_periods p ON p.tenant_id = i.tenant_id AND p.marketing_plan_id = i.marketing_plan_id AND p.month = o.month
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- Reconverts the foreign budgets of one plan (after its budget_rate_month or a rate changed); answers
-- how many items were reconverted.
CREATE FUNCTION plansmith_reconvert_plan_budgets(for_tenant uuid, for_plan uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  items integer;
BEGIN
  PERFORM set_config('plansmith.fx_reconvert', 'on', true);
  UPDATE budget_item_months m SET amount_minor = m.amount_minor
    FROM budget_items i
   WHERE i.tenant_id = for_tenant AND i.marketing_plan_id = for_plan AND i.currency IS NOT NULL
     AND m.tenant_id = i.tenant_id AND m.budget_item_id = i.id;
  PERFORM set_config('plansmith.fx_reconvert', 'off', true);
  UPDATE budget_items i SET amount_minor = i.amount_minor
   WHERE i.tenant_id = for_tenant AND i.marketing_plan_id = for_plan AND i.currency IS NOT NULL;
  GET DIAGNOSTICS items = ROW_COUNT;
  RETURN items;
END;
$$;

-- Moves a plan's budget rate to `month` and reconverts its foreign budgets when it changed.
CREATE FUNCTION plansmith_set_budget_rate_month(for_tenant uuid, for_plan uuid, rate_month date) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE marketing_plans p SET budget_rate_month = rate_month
   WHERE p.tenant_id = for_tenant AND p.id = for_plan AND p.budget_rate_month IS DISTINCT FROM rate_month;
  IF NOT FOUND THEN RETURN 0; END IF;
  RETURN plansmith_reconvert_plan_budgets(for_tenant, for_plan);
END;
$$;
