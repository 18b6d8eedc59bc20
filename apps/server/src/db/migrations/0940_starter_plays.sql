-- The playbook (DESIGN.md §9): a play from the starter library keeps its key, so the library is
-- made once per tenant (sign-up and the demo seed may both reach it) and its plays can be told
-- apart from the tenant's own (only an Admin or the Owner changes them).
ALTER TABLE marketing_plans ADD COLUMN starter_play text;

CREATE UNIQUE INDEX marketing_plans_starter_play_key ON marketing_plans (tenant_id, starter_play) WHERE starter_play IS NOT NULL;
