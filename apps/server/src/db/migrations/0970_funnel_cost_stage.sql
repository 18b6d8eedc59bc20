-- The cost per entry of a funnel model refers to a chosen stage (issue 28 B3): the planner says
-- which stage the cost is for (Lead by default); the implied budget uses that stage's volume.
-- NULL means the default: the stage named Lead, else the first active stage.
ALTER TABLE funnel_models ADD COLUMN cost_stage_id uuid;
ALTER TABLE funnel_models ADD CONSTRAINT funnel_models_cost_stage_fk
  FOREIGN KEY (tenant_id, cost_stage_id) REFERENCES lookups (tenant_id, id) ON DELETE SET NULL (cost_stage_id);

-- A cost entered before this change was read as a cost per first-stage entry: keep that meaning.
UPDATE funnel_models fm SET cost_stage_id = (
  SELECT l.id FROM lookups l
  WHERE l.tenant_id = fm.tenant_id AND l.lookup_type = 2 AND l.active
  ORDER BY l.sort_order, l.name, l.id
  LIMIT 1
)
WHERE fm.cost_per_lead_cents IS NOT NULL;
