-- Objectives as DESIGN.md §9 specifies them: metric type, aggregation, direction, the revenue
-- flag for ROI, required targets and dates, and a note on each result. Objective values (targets
-- and results: counts, dollars or percent points) are exact numeric(18, 2), never floats; budget
-- money stays in cents on budget items and expenses.

-- No route wrote objectives before this migration; rows made by hand get the plan's dates and a
-- placeholder target, so the new constraints hold.
UPDATE objectives o
SET start_date = coalesce(o.start_date, p.start_date), end_date = coalesce(o.end_date, p.end_date)
FROM marketing_plans p
WHERE p.tenant_id = o.tenant_id AND p.id = o.marketing_plan_id AND (o.start_date IS NULL OR o.end_date IS NULL);
UPDATE objectives SET target_value = 1 WHERE target_value IS NULL OR target_value <= 0;
UPDATE objectives SET end_date = start_date WHERE end_date < start_date;

ALTER TABLE objectives
  -- 1 count, 2 currency (US dollars), 3 percent (0–100)
  ADD COLUMN metric_type smallint NOT NULL DEFAULT 1 CHECK (metric_type IN (1, 2, 3)),
  -- 1 sum of results, 2 latest result
  ADD COLUMN aggregation smallint NOT NULL DEFAULT 1 CHECK (aggregation IN (1, 2)),
  ADD COLUMN higher_is_better boolean NOT NULL DEFAULT true,
  ADD COLUMN is_revenue boolean NOT NULL DEFAULT false,
  ALTER COLUMN target_value SET NOT NULL,
  ALTER COLUMN start_date SET NOT NULL,
  ALTER COLUMN end_date SET NOT NULL,
  ADD CONSTRAINT objectives_target_positive CHECK (target_value > 0),
  ADD CONSTRAINT objectives_dates_ordered CHECK (start_date <= end_date),
  ADD CONSTRAINT objectives_revenue_is_currency CHECK (NOT is_revenue OR metric_type = 2),
  ADD CONSTRAINT objectives_metric_length CHECK (metric IS NULL OR length(metric) <= 50),
  ADD CONSTRAINT objectives_description_length CHECK (description IS NULL OR length(description) <= 4000);

ALTER TABLE objective_results
  ADD COLUMN note text CHECK (note IS NULL OR length(note) <= 1000),
  ADD CONSTRAINT objective_results_value_nonnegative CHECK (value >= 0);
