-- The payment sandbox (only without Stripe keys and never in production): its objects, idempotency
-- keys and events. Applied by migrate() only in sandbox mode, after the main migrations.
CREATE TABLE IF NOT EXISTS stripe_sandbox_objects (
  id text PRIMARY KEY,
  object text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS stripe_sandbox_objects_kind_idx ON stripe_sandbox_objects (object);

CREATE TABLE IF NOT EXISTS stripe_sandbox_idempotency_keys (
  key text PRIMARY KEY,
  request_fingerprint text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS stripe_sandbox_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS stripe_sandbox_events_pending_idx ON stripe_sandbox_events (created_at) WHERE delivered_at IS NULL;
