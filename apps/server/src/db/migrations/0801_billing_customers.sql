-- The card provider's customer of a tenant that upgrades from Starter (DESIGN.md §11): kept so a
-- second attempt reuses the customer, and so invoices can be listed before any subscription exists.
CREATE TABLE billing_customers (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
