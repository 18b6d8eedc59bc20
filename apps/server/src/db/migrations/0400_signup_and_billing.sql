-- Self-service sign-up, products and prices, subscriptions and card-provider webhooks (issue 6).
-- Products and registrations are not tenant-owned (they exist before a tenant does).

-- Plans on sale. Data the operator can change: names, prices, discounts and the provider's price ids.
CREATE TABLE products (
  id uuid PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code IN ('starter', 'agility', 'performance', 'enterprise')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- PriceTypeId 1 monthly, 2 annual. Price and discount are per month, in cents (SPEC.md §9).
CREATE TABLE product_price_items (
  id uuid PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  price_type_id smallint NOT NULL CHECK (price_type_id IN (1, 2)),
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0 AND discount_cents <= price_cents),
  -- the card provider's price id (MetaData.PriceId); null for a free plan
  provider_price_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, price_type_id)
);
CREATE UNIQUE INDEX product_price_items_provider_key ON product_price_items (provider_price_id) WHERE provider_price_id IS NOT NULL;

INSERT INTO products (id, code, name, description, sort_order) VALUES
  ('4f0d7c1e-6a2b-4c39-8e51-000000000001', 'starter', 'Starter', 'One team and up to 3 people. Plans, budgets, expenses and reports.', 1),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000002', 'agility', 'Agility', 'Up to 3 teams and 10 people, plus the playbook of plan templates.', 2),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000003', 'performance', 'Performance', 'Up to 10 teams and 50 people, plus objectives, funnels, expectations and performance.', 3),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000004', 'enterprise', 'Enterprise', 'Unlimited teams and people, with everything in Performance.', 4);

INSERT INTO product_price_items (id, product_id, price_type_id, price_cents, discount_cents, provider_price_id) VALUES
  ('4f0d7c1e-6a2b-4c39-8e51-000000000101', '4f0d7c1e-6a2b-4c39-8e51-000000000001', 1, 0, 0, NULL),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000102', '4f0d7c1e-6a2b-4c39-8e51-000000000001', 2, 0, 0, NULL),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000201', '4f0d7c1e-6a2b-4c39-8e51-000000000002', 1, 4900, 0, 'price_agility_monthly'),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000202', '4f0d7c1e-6a2b-4c39-8e51-000000000002', 2, 4900, 1000, 'price_agility_annual'),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000301', '4f0d7c1e-6a2b-4c39-8e51-000000000003', 1, 9900, 0, 'price_performance_monthly'),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000302', '4f0d7c1e-6a2b-4c39-8e51-000000000003', 2, 9900, 2000, 'price_performance_annual'),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000401', '4f0d7c1e-6a2b-4c39-8e51-000000000004', 1, 24900, 0, 'price_enterprise_monthly'),
  ('4f0d7c1e-6a2b-4c39-8e51-000000000402', '4f0d7c1e-6a2b-4c39-8e51-000000000004', 2, 24900, 5000, 'price_enterprise_annual');

-- A prospect's sign-up (the ApplicationId). Becomes 'completed' when the e-mail is verified and
-- the tenant exists; then 'subscribed' once a paid plan is set up.
CREATE TABLE registrations (
  id uuid PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  company text NOT NULL,
  meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  user_id uuid,
  provider_customer_id text,
  provider_setup_intent_id text,
  price_item_id uuid REFERENCES product_price_items (id),
  billing_address jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX registrations_email_idx ON registrations (email);

-- Single-use e-mail verification keys (24 h), stored only as SHA-256.
CREATE TABLE registration_keys (
  id uuid PRIMARY KEY,
  registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_keys_registration_idx ON registration_keys (registration_id);

-- A tenant's subscription at the card provider; its product drives tenants.plan_code.
CREATE TABLE subscriptions (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  price_item_id uuid NOT NULL REFERENCES product_price_items (id),
  status text NOT NULL,
  provider_customer_id text NOT NULL,
  provider_subscription_id text NOT NULL,
  provider_subscription_item_id text,
  provider_payment_method_id text,
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  registration_id uuid REFERENCES registrations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX subscriptions_provider_key ON subscriptions (provider_subscription_id);
CREATE UNIQUE INDEX subscriptions_registration_key ON subscriptions (registration_id) WHERE registration_id IS NOT NULL;

-- Webhook events already applied: each event id is applied exactly once.
CREATE TABLE payment_webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);

-- The payment sandbox (only used without Stripe keys): its objects, idempotency keys and events.
CREATE TABLE stripe_sandbox_objects (
  id text PRIMARY KEY,
  object text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_sandbox_objects_kind_idx ON stripe_sandbox_objects (object);

CREATE TABLE stripe_sandbox_idempotency_keys (
  key text PRIMARY KEY,
  request_fingerprint text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_sandbox_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_sandbox_events_pending_idx ON stripe_sandbox_events (created_at) WHERE delivered_at IS NULL;
