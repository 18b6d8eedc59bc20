-- Issue 33: deleting a custom field removes its key from every row in the same transaction
-- (DESIGN.md §16), expenses dated in a closed month too: a field that no longer exists is no value
-- anyone can read, and the close freezes money, not labels of a field gone. The custom-fields module
-- sets 'plansmith.custom_field_removal' to 'on' for that one UPDATE statement (transaction-local) and
-- back to '' after it; every other write is guarded as migration 1021 says, unchanged.
CREATE OR REPLACE FUNCTION plansmith_guard_closed_expenses() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  -- A deleted custom field's key leaving every row (CustomFieldClient/Delete, migration 1046).
  IF TG_OP = 'UPDATE' AND current_setting('plansmith.custom_field_removal', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.month INTO closed FROM new_rows n
      JOIN plan_periods p ON p.tenant_id = n.tenant_id AND p.marketing_plan_id = n.marketing_plan_id
                         AND p.month = date_trunc('month', n.purchase_date::timestamp)::date
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT p.month INTO closed FROM old_rows o
      JOIN plan_periods p ON p.tenant_id = o.tenant_id AND p.marketing_plan_id = o.marketing_plan_id
                         AND p.month = date_trunc('month', o.purchase_date::timestamp)::date
     WHERE TG_OP = 'UPDATE'
        OR EXISTS (SELECT 1 FROM marketing_plans m WHERE m.tenant_id = o.tenant_id AND m.id = o.marketing_plan_id)
     ORDER BY p.month LIMIT 1;
    IF closed IS NOT NULL THEN
      PERFORM plansmith_refuse_closed_month(closed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
