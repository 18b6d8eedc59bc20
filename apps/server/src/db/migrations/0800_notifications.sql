-- Notifications that are sent (DESIGN.md §11): the tenant's time zone for the weekly digest,
-- headers on queued mail (List-Unsubscribe), and the records that make each mail go out once.

ALTER TABLE tenants ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) BETWEEN 1 AND 64);

ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;

-- An item whose actual spend is past its amount and whose alert went out. Deleted when the item
-- drops back to or below its amount, so the next crossing alerts again. The primary key makes two
-- concurrent saves that cross together alert once.
CREATE TABLE overspend_alerts (
  tenant_id uuid NOT NULL,
  budget_item_id uuid NOT NULL,
  expense_id uuid,
  crossed_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, budget_item_id),
  FOREIGN KEY (tenant_id, budget_item_id) REFERENCES budget_items (tenant_id, id) ON DELETE CASCADE
);

-- Items already past their amounts count as alerted: the first alert is for a crossing that happens from now on.
INSERT INTO overspend_alerts (tenant_id, budget_item_id, expense_id, crossed_at)
SELECT b.tenant_id, b.id, NULL, now()
  FROM budget_items b
  JOIN (SELECT tenant_id, budget_item_id, sum(amount_cents) AS actual_cents
          FROM expenses
         WHERE status = 3 AND active AND budget_item_id IS NOT NULL
         GROUP BY tenant_id, budget_item_id) spend
    ON spend.tenant_id = b.tenant_id AND spend.budget_item_id = b.id
 WHERE spend.actual_cents > b.amount_cents;

-- Who a comment has already mailed about a mention: editing the comment mails only new names.
CREATE TABLE comment_mentions (
  tenant_id uuid NOT NULL,
  comment_id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, comment_id, user_id),
  FOREIGN KEY (tenant_id, comment_id) REFERENCES comments (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- One weekly digest per tenant and week (the Monday of the tenant's week): the row is claimed in
-- the same transaction that queues the digest mails, so several instances send it once.
CREATE TABLE digest_runs (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  week_start date NOT NULL,
  recipients integer NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, week_start)
);
