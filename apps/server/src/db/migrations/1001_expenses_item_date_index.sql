-- Issue 29 part 2: the figures that cut an item's spend at a day (an objective's spend up to the
-- performance page's cutoff) read the months before from expense_sums and only the cutoff's own
-- month from expenses; this index finds an item's expenses of one month without reading the rest.
-- It replaces (tenant_id, budget_item_id), which it starts with.
CREATE INDEX expenses_item_date_idx ON expenses (tenant_id, budget_item_id, purchase_date);
DROP INDEX expenses_item_idx;
