-- A rate change and a conversion running at the same time (issue 34).
--
-- SaveRates locks the rate rows it changes (FOR UPDATE), writes them and reconverts that month's
-- expenses (and the plans budgeting at it) in one transaction. An expense inserted meanwhile under
-- READ COMMITTED read the OLD rate without waiting (a plain read never waits for a writer) and, when
-- it committed after SaveRates's reconversion had scanned the expenses, kept the old rate's base
-- amount for good. Both conversions now read the rate row FOR SHARE, which conflicts with
-- SaveRates's FOR UPDATE / UPDATE:
--   * an insert (or edit) during a rate change in flight waits for it and then reads the NEW rate
--     (under READ COMMITTED a locking read returns the row's latest committed version);
--   * a rate change during an insert in flight waits for that insert to commit, and its
--     reconversion (a later statement, a later snapshot) then sees and reconverts the new row.
-- FOR SHARE is not allowed in a STABLE function, hence VOLATILE. Shared locks do not conflict with
-- one another: inserts never wait for each other here. Known gap: the budget conversion takes the
-- latest rate ON OR BEFORE the plan's budget rate month, so a rate CREATED for a later month (no row
-- yet to lock) still does not wait for a budget write in flight.

CREATE OR REPLACE FUNCTION plansmith_to_base_at_month(for_tenant uuid, code text, minor bigint, rate_month date) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  found numeric;
  base text;
BEGIN
  SELECT t.base_currency INTO base FROM tenants t WHERE t.id = for_tenant;
  IF code = base THEN RETURN minor; END IF;
  SELECT r.rate INTO found FROM fx_rates r WHERE r.tenant_id = for_tenant AND r.currency = code AND r.month = rate_month
     FOR SHARE;
  IF found IS NULL THEN PERFORM plansmith_missing_rate(code, rate_month); END IF;
  RETURN plansmith_convert(minor, code, found, base);
END;
$$;

CREATE OR REPLACE FUNCTION plansmith_to_base_budget(for_tenant uuid, code text, minor bigint, rate_month date) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  found numeric;
  base text;
BEGIN
  SELECT t.base_currency INTO base FROM tenants t WHERE t.id = for_tenant;
  IF code = base THEN RETURN minor; END IF;
  SELECT r.rate INTO found FROM fx_rates r WHERE r.tenant_id = for_tenant AND r.currency = code AND r.month <= rate_month
   ORDER BY r.month DESC LIMIT 1 FOR SHARE;
  IF found IS NULL THEN PERFORM plansmith_missing_rate(code, rate_month); END IF;
  RETURN plansmith_convert(minor, code, found, base);
END;
$$;
